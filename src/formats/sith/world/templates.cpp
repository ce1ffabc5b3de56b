// SPDX-License-Identifier: MIT
#include "bonebridge/formats/sith/world/templates.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>

#include "bonebridge/core/text.hpp"

namespace bonebridge::sith {
namespace {

struct TextLine {
  std::vector<std::string> words;
  std::uint64_t number = 0;
};

// The arguments of a line as stdConffile_ReadArgs sees them: lowercased, comment dropped, split at blanks.
std::vector<std::string> words_of(std::string_view line) {
  if (const auto hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
  std::vector<std::string> words;
  std::string word;
  for (const char c : line) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      if (!word.empty()) words.push_back(std::move(word));
      word.clear();
    } else {
      word += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
  }
  if (!word.empty()) words.push_back(std::move(word));
  return words;
}

std::vector<TextLine> lines_of(std::string_view text) {
  std::vector<TextLine> lines;
  std::uint64_t number = 0;
  while (!text.empty()) {
    const auto end = text.find('\n');
    const auto line = text.substr(0, end);
    ++number;
    auto words = words_of(line);
    if (!words.empty()) lines.push_back({std::move(words), number});
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return lines;
}

std::uint64_t number_of(const std::string& word) {
  std::uint64_t value = 0;
  std::from_chars(word.data(), word.data() + word.size(), value);
  return value;
}

TemplateLine template_line(const TextLine& line) {
  TemplateLine out{line.words[0], line.words.size() > 1 ? line.words[1] : "none", {}, line.number};
  for (std::size_t i = 2; i < line.words.size(); ++i) {
    const std::string& word = line.words[i];
    const auto equals = word.find('=');
    if (equals == std::string::npos) {
      out.parameters.emplace_back(word, "");
    } else {
      out.parameters.emplace_back(word.substr(0, equals), word.substr(equals + 1));
    }
  }
  return out;
}

}  // namespace

TemplateSection read_template_section(std::string_view text) {
  TemplateSection section;
  const auto lines = lines_of(text);
  std::size_t i = 0;
  for (; i < lines.size(); ++i) {
    const auto& words = lines[i].words;
    if (words.size() >= 3 && words[0] == "world" && words[1] == "templates") {
      section.present = true;
      section.capacity = number_of(words[2]);
      ++i;
      break;
    }
  }
  for (; section.present && i < lines.size(); ++i) {
    const auto& words = lines[i].words;
    if (words[0] == "end" || words[0] == "section:") break;
    section.lines.push_back(template_line(lines[i]));
  }
  return section;
}

TemplateWorld resolve_templates(const std::vector<WorldFile>& files) {
  TemplateWorld world;
  std::map<std::string, std::size_t> known;  // name -> index in world.templates
  for (const WorldFile& file : files) {
    std::uint64_t loaded = 0;
    std::map<std::string, std::uint64_t> later;  // names this file defines, for notes on forward references
    for (const auto& line : file.section.lines) later.try_emplace(line.name, line.line);
    for (const TemplateLine& line : file.section.lines) {
      const std::string where = fmt::format("{} line {}", file.file, line.line);
      if (known.contains(line.name)) {
        world.notes.push_back(
            fmt::format("{}: template {} is already defined; the engine keeps the first", where, line.name));
        continue;
      }
      ResolvedTemplate resolved{line.name, file.file, line.line, {}, {}};
      if (line.base != "none") {
        if (const auto base = known.find(line.base); base != known.end()) {
          const ResolvedTemplate& parent = world.templates[base->second];
          resolved.parameters = parent.parameters;
          resolved.chain.push_back(parent.name);
          resolved.chain.insert(resolved.chain.end(), parent.chain.begin(), parent.chain.end());
        } else if (later.contains(line.base)) {
          world.notes.push_back(
              fmt::format("{}: base {} of {} is defined only at line {}, after it (a loop or a forward "
                          "reference): the engine "
                          "finds no base",
                          where, line.base, line.name, later[line.base]));
        } else {
          world.notes.push_back(fmt::format("{}: base {} of {} is not defined: the engine finds no base",
                                            where, line.base, line.name));
        }
      }
      for (const auto& [key, value] : line.parameters) resolved.parameters[key] = value;
      if (!resolved.parameters.contains("type")) {
        world.notes.push_back(
            fmt::format("{}: template {} has no type: the engine drops it", where, line.name));
        continue;
      }
      if (loaded >= file.section.capacity) {
        world.notes.push_back(
            fmt::format("{}: template {} is past the section's capacity of {}: the engine drops it", where,
                        line.name, file.section.capacity));
        continue;
      }
      ++loaded;
      known[line.name] = world.templates.size();
      world.templates.push_back(std::move(resolved));
    }
  }
  return world;
}

}  // namespace bonebridge::sith
