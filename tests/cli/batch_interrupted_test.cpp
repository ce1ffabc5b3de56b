// SPDX-License-Identifier: MIT
// Issue 27: a batch killed in the middle (SIGKILL: no handler runs) leaves only complete outputs and no
// temporary file, and a rerun with --force completes; on a terminal, one line rewritten in place shows the
// entries per second and the time left, and nothing of it when standard error is not a terminal or with
// --json.
#include <fcntl.h>
#include <signal.h>

#include <thread>

#include "cli/tool.hpp"

namespace bonebridge::testing {
namespace {

namespace fs = std::filesystem;

constexpr const char* kNames[] = {"waving_arm", "camera_flyby", "held_arm", "stored_active",
                                  "long_camera_move"};
constexpr int kCopies = 160;  // 800 inputs: long enough a batch (about a second at -j 1) to be killed inside

class BatchInterruptedTest : public ToolTest {
 protected:
  void SetUp() override {
    ToolTest::SetUp();
    for (const char* name : kNames) {
      const std::string example = std::string("lego/") + name + ".ani";
      copy_example(example, std::string("single/") + name + ".ani");
      for (int copy = 0; copy < kCopies; ++copy)
        copy_example(example, "in/" + std::string(name) + std::to_string(copy) + ".ani");
    }
  }

  // The .glb `convert` writes for each example, the bytes every copy's output must have.
  std::map<std::string, std::vector<std::uint8_t>> expected_outputs() const {
    std::map<std::string, std::vector<std::uint8_t>> expected;
    for (const char* name : kNames) {
      const auto glb = scratch(std::string("single/") + name + ".glb");
      EXPECT_EQ(run({"convert", scratch(std::string("single/") + name + ".ani").string(), glb.string()}).code,
                0);
      expected[name] = read_bytes(glb);
    }
    return expected;
  }

  // Every file under `folder` is a whole output: a .glb named after an input, holding that input's bytes.
  static std::size_t check_outputs(const fs::path& folder,
                                   const std::map<std::string, std::vector<std::uint8_t>>& expected) {
    std::size_t count = 0;
    for (const auto& entry : fs::recursive_directory_iterator(folder)) {
      if (!entry.is_regular_file()) continue;
      const std::string file = entry.path().filename().string();
      EXPECT_EQ(entry.path().extension(), ".glb") << "left behind: " << file;
      const std::string stem = entry.path().stem().string();
      const std::string name = stem.substr(0, stem.find_last_not_of("0123456789") + 1);
      const auto wanted = expected.find(name);
      if (wanted == expected.end()) {
        ADD_FAILURE() << "an output of no input: " << file;
        continue;
      }
      EXPECT_EQ(read_bytes(entry.path()), wanted->second) << file << " is not whole";
      ++count;
    }
    return count;
  }
};

// Starts the tool with `args` (its output thrown away); returns its process id.
pid_t start_tool(const std::vector<std::string>& args) {
  std::vector<char*> argv{const_cast<char*>(BONEBRIDGE_TOOL)};
  for (const auto& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  const pid_t pid = ::fork();
  if (pid == 0) {
    const int null = ::open("/dev/null", O_WRONLY);
    ::dup2(null, STDOUT_FILENO);
    ::dup2(null, STDERR_FILENO);
    ::execv(BONEBRIDGE_TOOL, argv.data());
    ::_exit(127);
  }
  return pid;
}

bool holds_a_file(const fs::path& folder) {
  std::error_code ec;
  for (fs::recursive_directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->is_regular_file(ec)) return true;
  }
  return false;
}

TEST_F(BatchInterruptedTest, KilledLeavesOnlyWholeOutputsAndARerunWithForceCompletes) {
  const auto expected = expected_outputs();
  const auto out = scratch("out");
  const pid_t pid = start_tool({"batch", "-j", "1", scratch("in").string(), out.string()});
  ASSERT_GT(pid, 0);
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (!holds_a_file(out) && std::chrono::steady_clock::now() < give_up)
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  // A few more outputs, so that the kill lands while one is being written rather than between runs.
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  ASSERT_EQ(::kill(pid, SIGKILL), 0);
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFSIGNALED(status)) << "the batch ended before it was killed: make the input larger";

  const std::size_t written = check_outputs(out, expected);
  EXPECT_GT(written, 0u);
  EXPECT_LT(written, std::size(kNames) * kCopies);

  const auto rerun = run({"batch", "--force", scratch("in").string(), out.string()});
  ASSERT_EQ(rerun.code, 0) << rerun.err;
  EXPECT_NE(rerun.err.find("batch: 800 written, 0 skipped (no glTF form), 0 failed"), std::string::npos)
      << rerun.err.substr(rerun.err.size() > 400 ? rerun.err.size() - 400 : 0);
  EXPECT_EQ(check_outputs(out, expected), std::size(kNames) * kCopies);
}

// `script` (util-linux) gives the tool a terminal; its typescript is the terminal's output.
ToolRun on_a_terminal(const std::vector<std::string>& args, const fs::path& transcript) {
  std::string command = shell_quote(BONEBRIDGE_TOOL);
  for (const auto& arg : args) command.append(" ").append(shell_quote(arg));
  const std::string line = "script -qec " + shell_quote(command) + " " + shell_quote(transcript.string()) +
                           " >/dev/null 2>&1 </dev/null";
  const int status = std::system(line.c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, read_text(transcript), {}};
}

TEST_F(BatchInterruptedTest, ProgressOnATerminalOnly) {
  if (std::system("command -v script >/dev/null 2>&1") != 0) GTEST_SKIP() << "SKIPPED LOUDLY: no script(1)";
  const auto terminal =
      on_a_terminal({"batch", scratch("single").string(), scratch("tty").string()}, scratch("typescript"));
  ASSERT_EQ(terminal.code, 0) << terminal.out;
  EXPECT_NE(terminal.out.find("5/5 entries, "), std::string::npos);
  EXPECT_NE(terminal.out.find(" entries/s, "), std::string::npos);
  EXPECT_NE(terminal.out.find(" s left\x1b[K"), std::string::npos);
  EXPECT_NE(terminal.out.find("\r\x1b[K[1/5] "), std::string::npos);
  EXPECT_NE(terminal.out.find("batch: 5 written"), std::string::npos);

  const auto json = on_a_terminal({"batch", "--json", scratch("single").string(), scratch("json").string()},
                                  scratch("typescript-json"));
  ASSERT_EQ(json.code, 0);
  EXPECT_EQ(json.out.find("entries/s"), std::string::npos);

  const auto piped = run({"batch", scratch("single").string(), scratch("piped").string()});
  ASSERT_EQ(piped.code, 0);
  EXPECT_EQ(piped.err.find("entries/s"), std::string::npos);
  EXPECT_EQ(piped.err.find("[1/5]"), std::string::npos);
}

}  // namespace
}  // namespace bonebridge::testing
