// SPDX-License-Identifier: MIT
// The tables are read with pugixml: small, a DOM that reports the byte offset where a parse_xtbl fails and
// the offset of every node, and a Debian package (libpugixml-dev). Tables are never edited, so writing gives
// back the bytes that were read.
#include "bonebridge/formats/volition/xtbl/codec.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <pugixml.hpp>

namespace bonebridge::volition {
namespace {

Error xtbl_error(std::uint64_t offset, std::string message) {
  return Error{kXtblFormat, std::move(message), offset, {}, {}};
}

std::uint64_t node_offset(const pugi::xml_node& node) {
  const auto offset = node.offset_debug();
  return offset < 0 ? 0 : static_cast<std::uint64_t>(offset);
}

// Copies `node` and its descendants into `out`; elements nested deeper than kXtblMaxDepth are an error.
Status copy_element(const pugi::xml_node& node, std::size_t depth, XtblElement& out) {
  if (depth > kXtblMaxDepth) {
    return xtbl_error(node_offset(node),
                      fmt::format("expected elements nested at most {} deep, found deeper", kXtblMaxDepth));
  }
  out.name = node.name();
  out.offset = node_offset(node);
  for (const auto& attribute : node.attributes())
    out.attributes.emplace_back(attribute.name(), attribute.value());
  for (const auto& child : node.children()) {
    if (child.type() == pugi::node_pcdata || child.type() == pugi::node_cdata) {
      out.text += child.value();
    } else if (child.type() == pugi::node_element) {
      if (auto status = copy_element(child, depth + 1, out.children.emplace_back()); !status) return status;
    }
  }
  return Ok{};
}

Result<xtbl::Document> parse_xtbl(std::span<const std::uint8_t> bytes) {
  pugi::xml_document xml;
  // Parsed as UTF-8 with no conversion, so that the offsets pugixml reports are offsets into `bytes`.
  const auto parsed = xml.load_buffer(bytes.data(), bytes.size(), pugi::parse_default, pugi::encoding_utf8);
  if (!parsed) {
    return xtbl_error(static_cast<std::uint64_t>(std::max<std::ptrdiff_t>(parsed.offset, 0)),
                      fmt::format("expected well-formed XML, found an error: {}", parsed.description()));
  }
  const auto root = xml.document_element();
  xtbl::Document document;
  document.bytes.assign(bytes.begin(), bytes.end());
  if (auto status = copy_element(root, 1, document.root); !status) return status.error();
  return document;
}

}  // namespace

Result<xtbl::Document> xtbl::read(std::span<const std::uint8_t> bytes) {
  return guard(kXtblFormat, [&] { return parse_xtbl(bytes); });
}

std::vector<std::uint8_t> xtbl::write(const xtbl::Document& document) {
  return document.bytes;
}

const XtblElement* xtbl_child(const XtblElement& element, std::string_view name) {
  for (const auto& child : element.children) {
    if (child.name == name) return &child;
  }
  return nullptr;
}

std::string xtbl_text(const XtblElement& element, std::string_view path) {
  const XtblElement* at = &element;
  while (at != nullptr && !path.empty()) {
    const auto slash = path.find('/');
    at = xtbl_child(*at, path.substr(0, slash));
    path = slash == std::string_view::npos ? std::string_view{} : path.substr(slash + 1);
  }
  if (at == nullptr) return {};
  const auto first = at->text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return {};
  return at->text.substr(first, at->text.find_last_not_of(" \t\r\n") - first + 1);
}

std::uint64_t xtbl_line(const xtbl::Document& document, std::uint64_t offset) {
  const auto end = document.bytes.begin() +
                   static_cast<std::ptrdiff_t>(std::min<std::uint64_t>(offset, document.bytes.size()));
  return 1 + static_cast<std::uint64_t>(std::count(document.bytes.begin(), end, std::uint8_t{'\n'}));
}

namespace {

// Well-formed UTF-8 by its lead byte (Unicode's table 3-7): the sequence's length and the second byte's
// range, which rules out overlong forms, surrogates and code points past U+10FFFF (JSON writers refuse them).
struct Utf8Lead {
  unsigned char first, last;
  std::size_t length;
  unsigned char low, high;
};
constexpr std::array<Utf8Lead, 8> kUtf8Leads = {{{0xC2, 0xDF, 2, 0x80, 0xBF},
                                                 {0xE0, 0xE0, 3, 0xA0, 0xBF},
                                                 {0xE1, 0xEC, 3, 0x80, 0xBF},
                                                 {0xED, 0xED, 3, 0x80, 0x9F},
                                                 {0xEE, 0xEF, 3, 0x80, 0xBF},
                                                 {0xF0, 0xF0, 4, 0x90, 0xBF},
                                                 {0xF1, 0xF3, 4, 0x80, 0xBF},
                                                 {0xF4, 0xF4, 4, 0x80, 0x8F}}};

// The length of the well-formed UTF-8 sequence starting at text[i], or 0 when there is none.
std::size_t utf8_sequence(std::string_view text, std::size_t i) {
  const auto byte_at = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  if (byte_at(i) < 0x80) return 1;
  for (const auto& lead : kUtf8Leads) {
    if (byte_at(i) < lead.first || byte_at(i) > lead.last) continue;
    if (i + lead.length > text.size() || byte_at(i + 1) < lead.low || byte_at(i + 1) > lead.high) return 0;
    for (std::size_t k = 2; k < lead.length; ++k) {
      if ((byte_at(i + k) & 0xC0) != 0x80) return 0;
    }
    return lead.length;
  }
  return 0;
}

}  // namespace

std::string xtbl_utf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    if (const auto length = utf8_sequence(text, i); length != 0) {
      out.append(text.substr(i, length));
      i += length;
    } else {
      out += fmt::format("\\x{:02X}", static_cast<unsigned char>(text[i]));
      ++i;
    }
  }
  return out;
}

}  // namespace bonebridge::volition
