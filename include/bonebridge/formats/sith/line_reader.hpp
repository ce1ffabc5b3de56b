// SPDX-License-Identifier: MIT
#pragma once
// The Sith engine's text line reader (stdConffile_ReadLine, research/sith-key.md §1.1) and a small scanner
// that matches a line against one sscanf pattern. Every failure throws a FormatError carrying the 1-based
// line number and the byte offset of the line, so codecs wrap their parse in `capture`.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "bonebridge/io/error.hpp"

namespace bonebridge::sith {

// One logical line as the engine hands it to sscanf, plus what a tolerant reader needs to explain itself.
struct LogicalLine {
  std::string text;          // '#' comment removed, lowercased, continuations joined, last '\n'/'\r' removed
  std::string original;      // the same characters before lowercasing (mesh names keep their case)
  std::uint64_t number = 0;  // 1-based number of the first physical line
  std::size_t offset = 0;    // byte offset of the first physical line
  std::size_t length = 0;    // characters the engine's buffer would have to hold
  bool blank() const { return text.find_first_not_of(" \t\r\n\v\f") == std::string::npos; }
};

class LineReader {
 public:
  LineReader(std::string_view text, std::string_view format) : text_(text), format_(format) {}

  // The next line the engine would return, or nullopt at the end of the text. Lines starting with '#', ';',
  // '\n' or '\r' in column 0 are skipped as the engine skips them; everything else is returned, including
  // whitespace-only lines (which the engine then fails to scan).
  std::optional<LogicalLine> next();
  std::size_t offset() const { return offset_; }
  std::size_t remaining_bytes() const { return text_.size() - offset_; }

  [[noreturn]] void fail(const LogicalLine& line, std::string message) const;
  [[noreturn]] void fail_at_end(std::string message) const;

 private:
  std::string_view physical_line();  // including its '\n', empty at the end

  std::string_view text_;
  std::string_view format_;
  std::size_t offset_ = 0;
  std::uint64_t line_number_ = 0;
};

// Matches one logical line the way sscanf matches a pattern: a space in the pattern skips any whitespace,
// literal characters must match exactly, and each conversion skips leading whitespace first.
class LineScanner {
 public:
  explicit LineScanner(const LogicalLine& line) : line_(&line) {}

  void skip_space();
  bool literal(std::string_view word);         // after skipping whitespace, like " word" in a pattern
  bool literal_here(std::string_view word);    // exactly at the cursor, like "word" directly after %d
  std::optional<std::int64_t> decimal();       // %d
  std::optional<std::uint32_t> hexadecimal();  // %x (an optional 0x is accepted)
  std::optional<float> real();                 // %f (exponents, inf and nan accepted, like strtof)
  std::optional<std::string> word();           // %s, from the lowercased text
  std::optional<std::string> original_word();  // %s, with the case as written
  bool at_word_end() const;                    // at whitespace or the end of the line

 private:
  const LogicalLine* line_;
  std::size_t position_ = 0;
};

}  // namespace bonebridge::sith
