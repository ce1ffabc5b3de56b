// SPDX-License-Identifier: MIT
// Issue 15: `batch --preview` writes a preview page beside each glTF file and one index.html in the output
// folder that lists every item (its file names, sizes and any failure) and whose every link leads to a file.
// Links are followed as a browser follows them: entities decoded, up to any '#' or '?', %XX decoded.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <regex>
#include <set>
#include <sstream>

#include "cli/tool.hpp"

namespace bonebridge::testing {
namespace {

namespace fs = std::filesystem;

// The three.js the preview pages load (Debian's libjs-three), where the tool looks for it.
fs::path three_js_folder() {
  const char* folder = std::getenv("BONEBRIDGE_THREE_DIR");
  return folder && *folder ? folder : "/usr/share/javascript/three";
}

bool three_js_present() {
  return fs::exists(three_js_folder() / "three.min.js");
}

std::string decode_entities(std::string text) {
  for (const auto& [entity, character] :
       {std::pair{"&quot;", "\""}, std::pair{"&#39;", "'"}, std::pair{"&lt;", "<"}, std::pair{"&gt;", ">"},
        std::pair{"&amp;", "&"}}) {
    for (auto at = text.find(entity); at != std::string::npos; at = text.find(entity, at + 1))
      text.replace(at, std::string(entity).size(), character);
  }
  return text;
}

std::string decode_percents(const std::string& url) {
  std::string out;
  for (std::size_t i = 0; i < url.size(); ++i) {
    if (url[i] == '%' && i + 2 < url.size()) {
      out += static_cast<char>(std::stoi(url.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else {
      out += url[i];
    }
  }
  return out;
}

// Every file the page's links lead to, from the folder the page is in.
std::vector<fs::path> link_targets(const std::string& page, const fs::path& folder) {
  std::vector<fs::path> targets;
  const std::regex href("href=\"([^\"]*)\"");
  for (auto it = std::sregex_iterator(page.begin(), page.end(), href); it != std::sregex_iterator(); ++it) {
    std::string url = decode_entities((*it)[1].str());
    url = url.substr(0, url.find_first_of("#?"));
    targets.push_back(folder / decode_percents(url));
  }
  return targets;
}

std::vector<nlohmann::json> json_lines(const std::string& text) {
  std::vector<nlohmann::json> records;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) records.push_back(nlohmann::json::parse(line));
  return records;
}

class BatchPreviewTest : public ToolTest {
 protected:
  void SetUp() override {
    ToolTest::SetUp();
    if (!three_js_present()) GTEST_SKIP() << "SKIPPED LOUDLY: no three.js (Debian: libjs-three)";
    copy_example("lego/waving_arm.ani", "in/waving_arm.ani");
    // A name a link must encode: '#' would end the path, '&' and spaces need escaping.
    copy_example("lego/held_arm.ani", "in/moves/held arm #2 & co.ani");
    write_text(scratch("in/broken.ani"), "not an animation");
  }
};

TEST_F(BatchPreviewTest, IndexListsEveryOutputAndEveryLinkResolves) {
  const auto result =
      run({"batch", scratch("in").string(), scratch("out").string(), "--preview", "--json", "-j", "2"});
  EXPECT_EQ(result.code, 1) << result.err;  // broken.ani fails; the others are written
  const auto records = json_lines(result.out);
  ASSERT_EQ(records.size(), 3u) << result.out;

  const std::string index = read_text(scratch("out/index.html"));
  std::set<fs::path> expected_links;
  for (const auto& record : records) {
    const std::string input = fs::path(record["input"].get<std::string>()).filename().string();
    if (input == "broken.ani") {
      EXPECT_TRUE(record.contains("error"));
      EXPECT_NE(index.find("failed: " + scratch("in/broken.ani").string()), std::string::npos) << index;
      continue;
    }
    const fs::path gltf = record["output"].get<std::string>();
    const fs::path page = record["preview"].get<std::string>();
    EXPECT_EQ(page, fs::path(gltf).replace_extension(".html"));
    const auto glb = read_bytes(gltf);
    ASSERT_GE(glb.size(), 4u);
    EXPECT_EQ(std::string(glb.begin(), glb.begin() + 4), "glTF");
    EXPECT_NE(read_text(page).find("id=\"bonebridge-data\""), std::string::npos) << page;
    // Each file's size as it is on disk, in the index.
    for (const auto& file : {gltf, page}) {
      EXPECT_NE(index.find(fmt::format("({} bytes)", fs::file_size(file))), std::string::npos) << file;
      expected_links.insert(fs::weakly_canonical(file));
    }
  }
  EXPECT_EQ(expected_links.size(), 4u);

  std::set<fs::path> linked;
  for (const auto& target : link_targets(index, scratch("out"))) {
    EXPECT_TRUE(fs::is_regular_file(target)) << target;
    linked.insert(fs::weakly_canonical(target));
  }
  EXPECT_EQ(linked, expected_links);
  EXPECT_NE(index.find("2 written, 0 skipped (no glTF form), 1 failed"), std::string::npos) << index;
  EXPECT_NE(index.find("held arm #2 &amp; co.ani"), std::string::npos) << index;
}

// The pages of a batch share one copy of three.js (about 1 MB), written beside the index: each page loads it
// by a path relative to itself, and holds only its own glTF and player.
TEST_F(BatchPreviewTest, PagesShareOneCopyOfThreeJs) {
  const auto result = run({"batch", scratch("in").string(), scratch("out").string(), "--preview", "--json"});
  EXPECT_EQ(result.code, 1) << result.err;  // broken.ani
  const fs::path three = three_js_folder();
  std::size_t pages = 0;
  for (const auto& record : json_lines(result.out)) {
    if (!record.contains("preview")) continue;
    ++pages;
    const fs::path page = record["preview"].get<std::string>();
    const std::string html = read_text(page);
    EXPECT_LT(html.size(), 200'000u) << page;
    const std::regex source("<script src=\"([^\"]+)\">");
    std::vector<std::string> scripts;
    for (std::sregex_iterator it(html.begin(), html.end(), source), end; it != end; ++it)
      scripts.push_back((*it)[1]);
    ASSERT_EQ(scripts.size(), 3u) << page;
    EXPECT_EQ(read_bytes(page.parent_path() / scripts[0]), read_bytes(three / "three.min.js")) << scripts[0];
    EXPECT_EQ(read_bytes(page.parent_path() / scripts[1]),
              read_bytes(three / "examples/js/loaders/GLTFLoader.js"));
    EXPECT_EQ(read_bytes(page.parent_path() / scripts[2]),
              read_bytes(three / "examples/js/controls/OrbitControls.js"));
  }
  EXPECT_EQ(pages, 2u);
  std::size_t copies = 0;
  for (const auto& file : fs::recursive_directory_iterator(scratch("out")))
    copies += file.path().filename() == "three.min.js" ? 1 : 0;
  EXPECT_EQ(copies, 1u);
}

TEST_F(BatchPreviewTest, WithoutThreeJsNothingIsWritten) {
  const auto result = run({"batch", scratch("in").string(), scratch("out").string(), "--preview"},
                          "BONEBRIDGE_THREE_DIR=" + shell_quote(scratch("no-three").string()));
  EXPECT_EQ(result.code, 1);
  EXPECT_NE(result.err.find("libjs-three"), std::string::npos) << result.err;
  EXPECT_FALSE(fs::exists(scratch("out")));
}

TEST_F(BatchPreviewTest, AnExistingIndexIsReplacedOnlyWithForce) {
  write_text(scratch("out/index.html"), "mine");
  const auto before = snapshot(scratch("out"));
  const auto refused = run({"batch", scratch("in").string(), scratch("out").string(), "--preview"});
  EXPECT_EQ(refused.code, 1);
  EXPECT_NE(refused.err.find(scratch("out/index.html").string()), std::string::npos) << refused.err;
  EXPECT_EQ(snapshot(scratch("out")), before);  // nothing written, not even the glTF files

  const auto forced = run({"batch", scratch("in").string(), scratch("out").string(), "--preview", "--force"});
  EXPECT_EQ(forced.code, 1);  // broken.ani
  EXPECT_NE(read_text(scratch("out/index.html")).find("waving_arm.glb"), std::string::npos);
}

}  // namespace
}  // namespace bonebridge::testing
