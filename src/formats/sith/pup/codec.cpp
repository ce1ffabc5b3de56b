// SPDX-License-Identifier: MIT
#include "bonebridge/formats/sith/pup/codec.hpp"
#include "bonebridge/io/text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string>

namespace bonebridge::sith {
namespace {

// stdConffile_ReadArgsFromStr splits at these (strtok with ", \t\n\r").
bool separates(char c) {
  return c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// The run of characters from `at` that are (or are not) separators.
std::string_view run(std::string_view text, std::size_t at, bool separators) {
  const auto end = std::find_if(text.begin() + static_cast<std::ptrdiff_t>(at), text.end(),
                                [&](char c) { return separates(c) != separators; });
  return text.substr(at, static_cast<std::size_t>(end - text.begin()) - at);
}

PupLine split_line(std::string_view physical) {
  PupLine line;
  if (physical.ends_with("\r\n"))
    line.ending = "\r\n";
  else if (physical.ends_with('\n'))
    line.ending = "\n";
  physical.remove_suffix(line.ending.size());
  // The engine skips a line opening with ';' whole; elsewhere '#' starts the comment.
  const std::size_t comment = physical.starts_with(';') ? 0 : std::min(physical.find('#'), physical.size());
  line.comment = std::string(physical.substr(comment));
  const std::string_view content = physical.substr(0, comment);
  line.indent = std::string(run(content, 0, true));
  for (std::size_t at = line.indent.size(); at < content.size();) {
    const auto argument = run(content, at, false);
    const auto gap = run(content, at + argument.size(), true);
    line.arguments.emplace_back(argument);
    line.gaps.emplace_back(gap);
    at += argument.size() + gap.size();
  }
  return line;
}

}  // namespace

Result<pup::Document> pup::read(std::span<const std::uint8_t> bytes) {
  const std::string_view text = as_text(bytes);
  if (const auto nul = text.find('\0'); nul != std::string_view::npos)
    return Error{std::string(kPupFormat), "a NUL byte: this is not a text file", nul, {}, {}};
  pup::Document file;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t newline = text.find('\n', at);
    const std::size_t end = newline == std::string_view::npos ? text.size() : newline + 1;
    file.lines.push_back(split_line(text.substr(at, end - at)));
    at = end;
  }
  return file;
}

std::vector<std::uint8_t> pup::write(const pup::Document& file) {
  std::string text;
  for (const PupLine& line : file.lines) {
    text += line.indent;
    for (std::size_t i = 0; i < line.arguments.size(); ++i) {
      text += line.arguments[i];
      // An argument added without its gap still needs one before the next.
      text += i < line.gaps.size() ? line.gaps[i] : std::string(i + 1 < line.arguments.size() ? " " : "");
    }
    text += line.comment;
    text += line.ending;
  }
  return {text.begin(), text.end()};
}

}  // namespace bonebridge::sith
