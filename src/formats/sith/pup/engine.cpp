// SPDX-License-Identifier: MIT
#include "bonebridge/formats/sith/pup/engine.hpp"

#include <cstdio>
#include <cstdlib>
#include <optional>
#include <set>

#include "bonebridge/core/text.hpp"
#include "bonebridge/formats/sith/line_reader.hpp"
#include "bonebridge/formats/sith/pup/codec.hpp"

namespace bonebridge::sith {
namespace {

// One argument as stdConffile_ReadArgsFromStr gives it: split at the first '=', else key and value alike.
struct Argument {
  std::string key, value;
  std::size_t value_at = 0;  // where the value starts in the line
};

std::vector<Argument> arguments_of(const std::string& text) {
  std::vector<Argument> arguments;
  const auto separates = [](char c) { return c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  for (std::size_t at = 0; at < text.size();) {
    if (separates(text[at])) {
      ++at;
      continue;
    }
    std::size_t end = at;
    while (end < text.size() && !separates(text[end])) ++end;
    const std::string word = text.substr(at, end - at);
    const auto equals = word.find('=');
    arguments.push_back(equals == std::string::npos
                            ? Argument{word, word, at}
                            : Argument{word.substr(0, equals), word.substr(equals + 1), at + equals + 1});
    at = end;
  }
  return arguments;
}

int c_atoi(const std::string& text) {
  return std::atoi(text.c_str());
}

// An argument's value with its case as written: the engine lowercases the line, a file system may not.
std::string as_written(const LogicalLine& line, const Argument& argument) {
  return line.original.substr(argument.value_at, argument.value.size());
}

class PuppetReader {
 public:
  explicit PuppetReader(const std::string& text) : lines_(text, kPupFormat) {}

  PuppetClass read() {
    while (const auto line = next_with_arguments()) {
      const auto& arguments = line->second;
      if (arguments[0].key == "mode")
        start_mode(arguments);
      else if (arguments[0].value == "joints")
        read_joints();
      else if (arguments.size() > 1)
        add_move(line->first, arguments);
    }
    return std::move(puppet_);
  }

 private:
  // stdConffile_ReadArgs: the next line that has any argument.
  std::optional<std::pair<LogicalLine, std::vector<Argument>>> next_with_arguments() {
    while (auto line = lines_.next()) {
      auto arguments = arguments_of(line->text);
      if (!arguments.empty()) return std::pair{std::move(*line), std::move(arguments)};
    }
    return std::nullopt;
  }

  void start_mode(const std::vector<Argument>& arguments) {
    mode_ = c_atoi(arguments[0].value);
    auto& moves = puppet_.modes[mode_];
    if (arguments.size() > 1 && arguments[1].key == "basedon")
      moves = puppet_.modes[c_atoi(arguments[1].value)];
  }

  void read_joints() {
    while (const auto line = next_with_arguments()) {
      const auto& part = line->second[0];
      if (part.key == "end") return;
      const int body_part = c_atoi(part.key);
      if (static_cast<unsigned>(body_part) < 10u) puppet_.joints[body_part] = c_atoi(part.value);
    }
  }

  void add_move(const LogicalLine& line, const std::vector<Argument>& arguments) {
    flags_ = arguments.size() > 2 ? scanned_flags(arguments[2].value) : 0;
    PuppetMove move{.mode = mode_,
                    .move = arguments[0].value,
                    .key = as_written(line, arguments[1]),
                    .flags = flags_,
                    .low_priority = arguments.size() > 3 ? c_atoi(arguments[3].value) : 0,
                    .line = line.number};
    move.high_priority = arguments.size() > 4 ? c_atoi(arguments[4].value) : move.low_priority;
    puppet_.rows.push_back(move);
    puppet_.modes[mode_][move.move] = move;
  }

  // sscanf("%x") into a variable that keeps its value when the scan fails.
  std::uint32_t scanned_flags(const std::string& text) const {
    unsigned int value = 0;
    return std::sscanf(text.c_str(), "%x", &value) == 1 ? value : flags_;
  }

  LineReader lines_;
  PuppetClass puppet_;
  int mode_ = 0;
  std::uint32_t flags_ = 0;
};

}  // namespace

PuppetClass load_puppet(const pup::Document& file) {
  const auto bytes = pup::write(file);
  return PuppetReader(std::string(bytes.begin(), bytes.end())).read();
}

std::vector<std::string> puppet_keys(const PuppetClass& puppet) {
  std::vector<std::string> keys;
  std::set<std::string> seen{"none"};
  for (const PuppetMove& row : puppet.rows) {
    if (seen.insert(fold_case(row.key)).second) keys.push_back(row.key);
  }
  return keys;
}

}  // namespace bonebridge::sith
