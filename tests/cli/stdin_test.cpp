// SPDX-License-Identifier: MIT
// "-" as the input reads standard input, for every verb that reads one file: its format from --format or its
// bytes.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/glb.hpp"
#include "tool.hpp"

namespace bonebridge {
namespace {

class StdinInput : public testing::ToolTest {
 protected:
  // The tool with `args`, standard input from `file`.
  testing::ToolRun run_from(const std::string& file, const std::vector<std::string>& args) const {
    std::string command = testing::shell_quote(BONEBRIDGE_TOOL);
    for (const auto& arg : args) command.append(" ").append(testing::shell_quote(arg));
    const auto out = scratch("out.txt"), err = scratch("err.txt");
    command.append(" <").append(testing::shell_quote(file));
    command.append(" >")
        .append(testing::shell_quote(out.string()))
        .append(" 2>")
        .append(testing::shell_quote(err.string()));
    const int status = std::system(command.c_str());
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, testing::read_text(out), testing::read_text(err)};
  }
};

TEST_F(StdinInput, InfoValidateAndConvertReadStandardInput) {
  const auto walk = copy_example("lego/waving_arm.ani", "waving_arm.ani");
  const auto named = run({"info", walk.string(), "--json"});
  const auto piped = run_from(walk.string(), {"info", "-", "--format", "lego", "--json"});
  ASSERT_EQ(piped.code, 0) << piped.err;
  auto expected = nlohmann::json::parse(named.out), found = nlohmann::json::parse(piped.out);
  EXPECT_EQ(found["joints"], expected["joints"]);
  EXPECT_EQ(found["duration"], expected["duration"]);
  EXPECT_EQ(run_from(walk.string(), {"validate", "-", "--format", "lego"}).code, 0);
  const auto converted =
      run_from(walk.string(), {"convert", "-", scratch("walk.glb").string(), "--format", "lego"});
  ASSERT_EQ(converted.code, 0) << converted.err;
  // The same glTF but for the named file's seal (core/seal.hpp): a name without an extension says no kind to
  // write back to, so standard input is not sealed.
  ASSERT_EQ(run({"convert", walk.string(), scratch("named.glb").string()}).code, 0);
  auto named_json = testing::glb_json(scratch("named.glb"));
  auto& metadata = named_json["animations"][0]["extras"]["bonebridge"]["metadata"];
  ASSERT_TRUE(metadata.contains("bonebridge.seal"));
  metadata.erase("bonebridge.seal");
  EXPECT_EQ(testing::glb_json(scratch("walk.glb")), named_json);
}

TEST_F(StdinInput, EmptyInputIsAnErrorNamingStandardInput) {
  testing::write_text(scratch("empty"), "");
  const auto result = run_from(scratch("empty").string(), {"info", "-"});
  EXPECT_EQ(result.code, 1);
  EXPECT_NE(result.err.find("-: "), std::string::npos) << result.err;
}

}  // namespace
}  // namespace bonebridge
