// SPDX-License-Identifier: MIT
#include "lexer.hpp"

#include <charconv>
#include <cmath>
#include <locale>
#include <sstream>
#include <system_error>

#include "bonebridge/core/text.hpp"

namespace bonebridge::bvh::detail {

bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\v' || c == '\f';
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && is_blank(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_blank(text.back())) text.remove_suffix(1);
  return text;
}

bool keyword_is(std::string_view word, std::string_view keyword) {
  return equal_folded(word, keyword);
}

std::optional<double> parse_number(std::string_view word) {
  if (!word.empty() && word.front() == '+') {
    word.remove_prefix(1);
    if (!word.empty() && word.front() == '-') return std::nullopt;  // "+-1"
  }
  double value = 0;
#if defined(__cpp_lib_to_chars)
  const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), value);
  if (error != std::errc() || end != word.data() + word.size() || !std::isfinite(value)) return std::nullopt;
#else
  // libc++ before 17 (Debian's emscripten, the web page) has no floating-point from_chars: a stream in the
  // classic locale reads the same numbers whatever locale the host program set.
  std::istringstream in{std::string(word)};
  in.imbue(std::locale::classic());
  in >> value;
  if (in.fail() || in.peek() != std::char_traits<char>::eof() || !std::isfinite(value)) return std::nullopt;
#endif
  return value;
}

bool Lexer::is_brace(char c) {
  return c == '{' || c == '}';
}

bool Lexer::at_line_end() const {
  return pos_ < text_.size() && (text_[pos_] == '\n' || text_[pos_] == '\r');
}

void Lexer::skip_line_end() {
  if (text_[pos_] == '\r' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '\n') ++pos_;
  ++pos_;
  ++line_;
}

std::optional<Token> Lexer::word() {
  while (pos_ < text_.size() && (is_blank(text_[pos_]) || at_line_end())) {
    if (at_line_end()) {
      skip_line_end();
    } else {
      ++pos_;
    }
  }
  if (pos_ >= text_.size()) return std::nullopt;
  const std::size_t start = pos_;
  // A brace is a word of its own, so that "}}" closes two joints.
  if (is_brace(text_[pos_])) return Token{text_.substr(pos_++, 1), line_};
  while (pos_ < text_.size() && !is_blank(text_[pos_]) && !at_line_end() && !is_brace(text_[pos_])) ++pos_;
  return Token{text_.substr(start, pos_ - start), line_};
}

std::optional<Token> Lexer::rest_of_line() {
  if (pos_ >= text_.size()) return std::nullopt;
  const std::size_t start = pos_;
  while (pos_ < text_.size() && !at_line_end()) ++pos_;
  Token token{trim(text_.substr(start, pos_ - start)), line_};
  if (pos_ < text_.size()) skip_line_end();
  return token;
}

}  // namespace bonebridge::bvh::detail
