// SPDX-License-Identifier: MIT
#include "bonebridge/formats/sith/line_reader.hpp"

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <limits>

namespace bonebridge::sith {
namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

bool skipped_by_engine(std::string_view physical) {
  const char first = physical.front();
  return first == '#' || first == ';' || first == '\n' || first == '\r';
}

// What the engine keeps of a physical line: C string functions stop at a NUL, and '#' starts a comment.
std::string_view engine_fragment(std::string_view physical) {
  physical = physical.substr(0, physical.find('\0'));
  return physical.substr(0, physical.find('#'));
}

char lower(char c) {
  return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
}

}  // namespace

std::string_view LineReader::physical_line() {
  if (offset_ >= text_.size()) return {};
  const std::size_t newline = text_.find('\n', offset_);
  const std::size_t end = newline == std::string_view::npos ? text_.size() : newline + 1;
  const std::string_view line = text_.substr(offset_, end - offset_);
  offset_ = end;
  ++line_number_;
  return line;
}

std::optional<LogicalLine> LineReader::next() {
  LogicalLine line;
  bool started = false;
  while (true) {
    const std::size_t start = offset_;
    const std::string_view physical = physical_line();
    if (physical.empty())
      return std::nullopt;  // the engine's fgets fails: end of file, even mid-continuation
    if (skipped_by_engine(physical)) continue;
    if (!started) {
      line.number = line_number_;
      line.offset = start;
      started = true;
    }
    line.original += engine_fragment(physical);
    // A backslash just before the last character joins the next physical line in its place.
    if (line.original.size() >= 2 && line.original[line.original.size() - 2] == '\\') {
      line.original.resize(line.original.size() - 2);
      continue;
    }
    break;
  }
  if (!line.original.empty() && (line.original.back() == '\n' || line.original.back() == '\r')) {
    line.original.pop_back();
  }
  line.length = line.original.size();
  line.text.resize(line.original.size());
  for (std::size_t i = 0; i < line.original.size(); ++i) line.text[i] = lower(line.original[i]);
  return line;
}

void LineReader::fail(const LogicalLine& line, std::string message) const {
  throw FormatError(Error{std::string(format_), std::move(message), line.offset, line.number, {}});
}

void LineReader::fail_at_end(std::string message) const {
  throw FormatError(Error{std::string(format_),
                          "unexpected end of file: " + std::move(message),
                          text_.size(),
                          line_number_ + 1,
                          {}});
}

void LineScanner::skip_space() {
  while (position_ < line_->text.size() && is_space(line_->text[position_])) ++position_;
}

bool LineScanner::literal_here(std::string_view word) {
  if (line_->text.compare(position_, word.size(), word) != 0) return false;
  position_ += word.size();
  return true;
}

bool LineScanner::literal(std::string_view word) {
  skip_space();
  return literal_here(word);
}

std::optional<std::int64_t> LineScanner::decimal() {
  skip_space();
  const char* begin = line_->text.c_str() + position_;
  char* end = nullptr;
  errno = 0;
  const long long value = std::strtoll(begin, &end, 10);
  if (end == begin || errno == ERANGE) return std::nullopt;
  if (value < std::numeric_limits<std::int32_t>::min() || value > std::numeric_limits<std::int32_t>::max()) {
    return std::nullopt;  // beyond what the engine's int holds
  }
  position_ += static_cast<std::size_t>(end - begin);
  return value;
}

std::optional<std::uint32_t> LineScanner::hexadecimal() {
  skip_space();
  const char* begin = line_->text.c_str() + position_;
  if (*begin == '-' || *begin == '+') return std::nullopt;  // signed hex: legal for scanf, never written
  char* end = nullptr;
  errno = 0;
  const unsigned long long value = std::strtoull(begin, &end, 16);
  if (end == begin || errno == ERANGE || value > std::numeric_limits<std::uint32_t>::max())
    return std::nullopt;
  position_ += static_cast<std::size_t>(end - begin);
  return static_cast<std::uint32_t>(value);
}

std::optional<float> LineScanner::real() {
  skip_space();
  const char* begin = line_->text.c_str() + position_;
  char* end = nullptr;
  const float value = std::strtof(begin, &end);
  if (end == begin) return std::nullopt;
  position_ += static_cast<std::size_t>(end - begin);
  return value;
}

std::optional<std::string> LineScanner::word() {
  skip_space();
  const std::size_t start = position_;
  while (position_ < line_->text.size() && !is_space(line_->text[position_])) ++position_;
  if (position_ == start) return std::nullopt;
  return line_->text.substr(start, position_ - start);
}

std::optional<std::string> LineScanner::original_word() {
  skip_space();
  const std::size_t start = position_;
  auto lowered = word();
  if (!lowered) return std::nullopt;
  return line_->original.substr(start, position_ - start);
}

bool LineScanner::at_word_end() const {
  return position_ >= line_->text.size() || is_space(line_->text[position_]);
}

}  // namespace bonebridge::sith
