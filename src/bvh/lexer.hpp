// SPDX-License-Identifier: MIT
#pragma once
// BVH text as whitespace-separated words with their line numbers (the hierarchy), and as whole lines (joint
// names, which may hold spaces, and the frames, one per line). A line ends at "\n", "\r\n" or a lone "\r".
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace bonebridge::bvh::detail {

struct Token {
  std::string_view text;
  std::uint64_t line = 0;  // 1-based
};

class Lexer {
 public:
  explicit Lexer(std::string_view text) : text_(text) {}

  // The next word (a brace is always a word of its own), skipping whitespace and line ends; nullopt at the
  // end of the text.
  std::optional<Token> word();
  // What is left of the current line, without surrounding whitespace, and the line end itself; nullopt at
  // the end of the text.
  std::optional<Token> rest_of_line();
  std::uint64_t line() const { return line_; }  // at the current position

 private:
  static bool is_brace(char c);
  bool at_line_end() const;
  void skip_line_end();

  std::string_view text_;
  std::size_t pos_ = 0;
  std::uint64_t line_ = 1;
};

bool is_blank(char c);
std::string_view trim(std::string_view text);
// Case-insensitive comparison of a keyword (BVH writers differ in case: "End Site", "End site").
bool keyword_is(std::string_view word, std::string_view keyword);
// A decimal number as BVH writes it (a leading '+' or '.' allowed); nullopt when the whole word is not one
// or it is not finite (nan, inf, or beyond double's range).
std::optional<double> parse_number(std::string_view word);

// The six channel kinds, in the order of a ChannelKind's index: 0-2 positions, 3-5 rotations.
inline constexpr std::array<std::string_view, 6> kChannelNames = {"Xposition", "Yposition", "Zposition",
                                                                  "Xrotation", "Yrotation", "Zrotation"};

}  // namespace bonebridge::bvh::detail
