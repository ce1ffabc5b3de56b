// SPDX-License-Identifier: MIT
// The conventional .key layout of research/sith-key.md §1.5 (what blender-sith and libim write).
#include <fmt/format.h>

#include <cmath>

#include "bonebridge/formats/sith/key/codec.hpp"
#include "bonebridge/formats/sith/line_reader.hpp"
#include "bonebridge/formats/sith/text_format.hpp"

namespace bonebridge::sith {
namespace {

// Entry rows start with "%4d:%9d   0x%04X" (23 characters); the rate row is indented to line up under them.
constexpr std::string_view kRateIndent = "                       ";

std::string entry_frame(float frame) {
  if (std::isfinite(frame) && frame == std::trunc(frame) && std::fabs(frame) < 1e9f) {
    return fmt::format("{:9d}", static_cast<long long>(frame));
  }
  return fixed_float(frame, 9, 6);
}

// Appended piece by piece: `" " + string` trips GCC 12's -Wrestrict false positive in optimised builds.
void write_columns(std::string& out, const std::array<float, 3>& values) {
  for (float v : values) {
    out += ' ';
    out += fixed_float(v, 12, 8);
  }
}

void write_entry(std::string& out, const KeyEntry& entry) {
  out += fmt::format("{:4d}:{}   0x{:04X}", entry.num, entry_frame(entry.frame), entry.flags);
  write_columns(out, entry.position);
  write_columns(out, entry.rotation);
  out += "\n";
  out += kRateIndent;
  write_columns(out, entry.position_rate);
  write_columns(out, entry.rotation_rate);
  out += "\n";
}

bool same(float a, float b) {
  return a == b || (std::isnan(a) && std::isnan(b));
}

template <std::size_t N>
bool same(const std::array<float, N>& a, const std::array<float, N>& b) {
  for (std::size_t i = 0; i < N; ++i) {
    if (!same(a[i], b[i])) return false;
  }
  return true;
}

bool same(const KeyEntry& a, const KeyEntry& b) {
  return a.num == b.num && same(a.frame, b.frame) && a.flags == b.flags && same(a.position, b.position) &&
         same(a.rotation, b.rotation) && same(a.position_rate, b.position_rate) &&
         same(a.rotation_rate, b.rotation_rate);
}

// The FLAGS word: as written when it still gives both readings, else the conventional hex form (which JK
// reads as 0).
std::string flags_word(const KeyHeader& h) {
  if (!h.flags_text.empty()) {
    LogicalLine line;
    line.text = h.flags_text;
    LineScanner hex(line);
    LineScanner decimal(line);
    if (hex.hexadecimal().value_or(0) == h.flags && decimal.decimal().value_or(0) == h.flags_decimal) {
      return h.flags_text;
    }
  }
  return fmt::format("0x{:04X}", h.flags);
}

// A name ending in a backslash would join the next line (line continuation): a trailing space prevents it.
std::string name_word(const std::string& name) {
  return !name.empty() && name.back() == '\\' ? name + " " : name;
}

}  // namespace

bool same_content(const KeyContent& a, const KeyContent& b) {
  const KeyHeader& x = a.header;
  const KeyHeader& y = b.header;
  if (x.flags != y.flags || x.flags_decimal != y.flags_decimal || x.type != y.type || x.frames != y.frames ||
      !same(x.fps, y.fps) || x.joints != y.joints || a.has_markers_section != b.has_markers_section ||
      a.markers.size() != b.markers.size() || a.nodes.size() != b.nodes.size()) {
    return false;
  }
  for (std::size_t i = 0; i < a.markers.size(); ++i) {
    if (!same(a.markers[i].frame, b.markers[i].frame) || a.markers[i].type != b.markers[i].type) return false;
  }
  for (std::size_t i = 0; i < a.nodes.size(); ++i) {
    const KeyNode& m = a.nodes[i];
    const KeyNode& n = b.nodes[i];
    if (m.index != n.index || m.mesh_name != n.mesh_name || m.entries.size() != n.entries.size())
      return false;
    for (std::size_t e = 0; e < m.entries.size(); ++e) {
      if (!same(m.entries[e], n.entries[e])) return false;
    }
  }
  return true;
}

std::string key::write_conventional(const KeyContent& content, std::string_view banner_comment) {
  std::string out;
  if (!banner_comment.empty()) out += fmt::format("# {}\n\n", banner_comment);
  const KeyHeader& h = content.header;
  out += "###############\nSECTION: HEADER\n\n";
  out += fmt::format("FLAGS  {}\nTYPE   0x{:04X}\nFRAMES {}\nFPS    {}\nJOINTS {}\n\n\n",
                     name_word(flags_word(h)), h.type, h.frames, fixed_float(h.fps, 0, 3), h.joints);
  if (content.has_markers_section || !content.markers.empty()) {
    out += fmt::format("###############\nSECTION: MARKERS\n\nMARKERS {}\n\n", content.markers.size());
    for (const KeyMarker& m : content.markers)
      out += fmt::format("{} {}\n", fixed_float(m.frame, 0, 6), m.type);
    out += "\n\n";
  }
  out += fmt::format("###############\nSECTION: KEYFRAME NODES\n\nNODES {}\n\n", content.nodes.size());
  for (const KeyNode& node : content.nodes) {
    out += fmt::format("NODE    {}\nMESH NAME {}\nENTRIES {}\n\n", node.index, name_word(node.mesh_name),
                       node.entries.size());
    out +=
        "# num:   frame:   flags:           x:           y:           z:           p:           y:           "
        "r:\n"
        "#                                 dx:          dy:          dz:          dp:          dy:          "
        "dr:\n";
    for (const KeyEntry& entry : node.entries) write_entry(out, entry);
    out += "\n";
  }
  return out;
}

std::string key::write_text(const key::Document& file) {
  if (!file.source_text.empty() && same_content(file.content, file.source_content)) return file.source_text;
  return key::write_conventional(file.content, "Keyframe written by bonebridge");
}

std::vector<std::uint8_t> key::write(const key::Document& file) {
  const std::string text = key::write_text(file);
  return {text.begin(), text.end()};
}

}  // namespace bonebridge::sith
