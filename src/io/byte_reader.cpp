// SPDX-License-Identifier: MIT
#include "bonebridge/io/byte_reader.hpp"

#include <fmt/format.h>

namespace bonebridge {

void ByteReader::fail_at(std::uint64_t offset, std::string message) const {
  throw FormatError(Error{std::string(format_), std::move(message), offset, {}, {}});
}

void ByteReader::need(std::size_t count, std::string_view what) const {
  if (count > remaining()) {
    fail(fmt::format("truncated {}: expected {} byte{}, found {} before the end of the data", what, count,
                     count == 1 ? "" : "s", remaining()));
  }
}

void ByteReader::seek(std::uint64_t offset, std::string_view what) {
  if (offset > bytes_.size()) {
    fail(fmt::format("{} points to byte {}, past the end of the data ({} bytes)", what, offset,
                     bytes_.size()));
  }
  offset_ = static_cast<std::size_t>(offset);  // within the data, so it fits
}

std::span<const std::uint8_t> ByteReader::bytes(std::size_t count, std::string_view what) {
  need(count, what);
  auto view = bytes_.subspan(offset_, count);
  offset_ += count;
  return view;
}

std::string ByteReader::string(std::size_t length, std::string_view what) {
  auto view = bytes(length, what);
  return {reinterpret_cast<const char*>(view.data()), view.size()};
}

std::size_t ByteReader::count(std::uint64_t count, std::size_t min_item_size, std::string_view what) const {
  const std::uint64_t room = min_item_size == 0 ? remaining() : remaining() / min_item_size;
  if (count > room) {
    fail(fmt::format("{} is {}, but only {} bytes remain (room for at most {} of at least {} bytes each)",
                     what, count, remaining(), room, min_item_size));
  }
  return static_cast<std::size_t>(count);
}

}  // namespace bonebridge
