// SPDX-License-Identifier: MIT
#pragma once
// The templates section of a Sith world file (JK/MotS .jkl, IJIM .ndy): `World templates N` and then one line
// per template, `name base key=value ...`, up to `end`. Lines are read as stdConffile_ReadArgs reads them:
// lowercased, '#' to the end of the line dropped, arguments split at blanks.
//
// Resolution follows sithTemplate_CreateEntry (OpenJKDF2 src/World/sithTemplate.c): a template whose name is
// already known keeps its first definition; its base is looked up among the templates read before it (static
// world first, then the level), "none" or an unknown base meaning no base; its own parameters then apply in
// order, later ones winning; a template that ends with no `type` is dropped; templates past the capacity N
// are dropped. The binary IJIM .cnd (568-byte thing records) is not read.
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace bonebridge::sith {

struct TemplateLine {
  std::string name;
  std::string base;
  std::vector<std::pair<std::string, std::string>> parameters;  // as written, in order (lowercased)
  std::uint64_t line = 0;                                       // 1-based
};

struct TemplateSection {
  bool present = false;
  std::uint64_t capacity = 0;  // N of `World templates N`
  std::vector<TemplateLine> lines;
};

// The templates section of a world file's text; `present` is false when it has none.
TemplateSection read_template_section(std::string_view text);

struct ResolvedTemplate {
  std::string name;
  std::string file;  // the world file that defines it
  std::uint64_t line = 0;
  std::vector<std::string> chain;                 // the bases it was built from, nearest first
  std::map<std::string, std::string> parameters;  // resolved: the base's, then its own
};

struct TemplateWorld {
  std::vector<ResolvedTemplate> templates;  // in load order
  std::vector<std::string> notes;           // "FILE line N: ..." for what the engine would drop or miss
};

struct WorldFile {
  std::string file;  // its address, for notes
  TemplateSection section;
};

// The templates of world files read in the given order (static world first), resolved as the engine does.
TemplateWorld resolve_templates(const std::vector<WorldFile>& files);

}  // namespace bonebridge::sith
