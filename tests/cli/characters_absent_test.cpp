// SPDX-License-Identifier: MIT
// A character whose files the install does not hold is "not in this install", not a failure (issue 38): a
// folder holding Red Faction Guerrilla's table.vpp_pc (its character tables) but none of its rigs or
// animations names every RFG character, and `characters` and `batch --characters` count them (listed with
// --verbose), exit 0 and print no error, none twice.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <set>
#include <string>

#include "tool.hpp"

namespace bonebridge {
namespace {

namespace fs = std::filesystem;

// Every line of `text` that appears more than once.
std::set<std::string> repeated_lines(const std::string& text) {
  std::set<std::string> seen, repeated;
  std::size_t start = 0;
  for (auto end = text.find('\n'); end != std::string::npos; end = text.find('\n', start)) {
    const std::string line = text.substr(start, end - start);
    if (!line.empty() && !seen.insert(line).second) repeated.insert(line);
    start = end + 1;
  }
  return repeated;
}

using AbsentCharacters = testing::ToolTest;

// A folder holding Red Faction Guerrilla's tables but not its models: the characters the tables name are not
// in this install, which is no failure.
TEST_F(AbsentCharacters, ATableFolderWithoutModelsHasCharactersNotInThisInstall) {
  BONEBRIDGE_REQUIRE_SAMPLE(table, "volition/packfiles/table.vpp_pc");
  fs::create_directories(scratch("tables"));
  fs::copy_file(table, scratch("tables/table.vpp_pc"));
  const auto listed = run({"characters", "--json", scratch("tables").string()});
  ASSERT_EQ(listed.code, 0) << listed.err;
  const auto list = nlohmann::json::parse(listed.out);
  std::size_t absent = 0;
  for (const auto& character : list["characters"]) absent += character["absent"].get<bool>() ? 1 : 0;
  EXPECT_EQ(absent, 161u);  // every character of the table's character.xtbl

  const auto batch = run({"batch", "--characters", scratch("tables").string(), scratch("out").string()});
  EXPECT_EQ(batch.code, 0) << batch.err;
  EXPECT_NE(batch.err.find(fmt::format("{} characters not in this install", absent)), std::string::npos)
      << batch.err;
  EXPECT_NE(batch.err.find("0 failed"), std::string::npos) << batch.err;
  EXPECT_EQ(batch.err.find("error"), std::string::npos) << batch.err;
  EXPECT_TRUE(repeated_lines(batch.err).empty()) << *repeated_lines(batch.err).begin();

  const auto verbose =
      run({"batch", "--characters", "--verbose", scratch("tables").string(), scratch("out2").string()});
  EXPECT_EQ(verbose.code, 0) << verbose.err;
  std::size_t lines = 0;
  for (auto at = verbose.err.find("  not in this install: "); at != std::string::npos;
       at = verbose.err.find("  not in this install: ", at + 1))
    ++lines;
  EXPECT_EQ(lines, absent);

  const auto text = run({"characters", scratch("tables").string()});
  EXPECT_EQ(text.code, 0);
  EXPECT_NE(text.err.find(fmt::format("characters: 0, not in this install: {},", absent)), std::string::npos)
      << text.err;
  const auto text_verbose = run({"characters", "-v", scratch("tables").string()});
  EXPECT_NE(text_verbose.out.find(fmt::format("not in this install: {}\n", absent)), std::string::npos);
}

}  // namespace
}  // namespace bonebridge
