// SPDX-License-Identifier: MIT
#pragma once
// A Volition XML table (.xtbl, Red Faction Guerrilla's table.vpp_pc holds 423 of them): the file's bytes as
// stored, and the element tree read from them. Tables are read, never edited by us, so the bytes are what is
// written back; the tree is what the character index and `dump` look at.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace bonebridge::volition {

struct XtblElement {
  std::string name;
  std::string text;  // the element's own character data (text and CDATA children, joined, as stored)
  std::vector<std::pair<std::string, std::string>> attributes;
  std::vector<XtblElement> children;  // child elements in file order
  std::uint64_t offset = 0;           // byte offset of the element's name in the file
};

namespace xtbl {
struct Document {
  std::vector<std::uint8_t> bytes;  // the file as read
  XtblElement root;                 // the document element (<root> in every RFG table)
};
}  // namespace xtbl

}  // namespace bonebridge::volition
