// SPDX-License-Identifier: MIT
// The .key grammar of research/sith-key.md §1.2, one logical line per sscanf pattern.
#include <fmt/format.h>

#include <algorithm>
#include <string>

#include "bonebridge/formats/sith/key/codec.hpp"
#include "bonebridge/formats/sith/line_reader.hpp"
#include "bonebridge/io/text.hpp"

namespace bonebridge::sith {
namespace {

// The engine's line buffers (§1.1): fgets reads at most size-2 characters per call, newline included.
constexpr std::size_t kJkLineBuffer = 1024;
constexpr std::size_t kMotsLineBuffer = 2048;
constexpr std::size_t kIjimLineBuffer = 4096;
// The smallest possible entry: two lines such as "0:0 0 0 0 0 0 0 0\n" and "0 0 0 0 0 0\n".
constexpr std::size_t kMinEntryBytes = 30;
constexpr std::size_t kMinMarkerBytes = 4;  // "0 0\n"
constexpr std::size_t kMinNodeBytes = 30;   // "node 0\nmesh name a\nentries 0\n"
// §1.3: rdMarkers holds 8 (JK/MotS) or 16 (IJIM); mesh names are char[32] or char[64]; the puppet has 64
// nodes.
constexpr std::size_t kJkMaxMarkers = 8;
constexpr std::size_t kIjimMaxMarkers = 16;
constexpr std::size_t kJkMaxName = 31;
constexpr std::size_t kIjimMaxName = 63;
constexpr std::int32_t kMaxPuppetNodes = 64;
constexpr DialectMask kJkAndMots = mask(Dialect::JediKnight) | mask(Dialect::MysteriesOfTheSith);

class KeyParser {
 public:
  explicit KeyParser(std::string_view text) : reader_(text, kKeyFormat) {}

  key::Document parse() {
    key::Document file;
    content_ = &file.content;
    notes_ = &file.notes;
    parse_header();
    LogicalLine section = next("a SECTION: line (MARKERS or KEYFRAME NODES)");
    LineScanner scan(section);
    const auto name = section_name(scan, section);
    if (name == "markers") {
      parse_markers(section, scan);
      LogicalLine nodes_section = next("SECTION: KEYFRAME NODES");
      LineScanner nodes_scan(nodes_section);
      section_name(nodes_scan, nodes_section);
    }
    parse_nodes();
    file.source_content = file.content;
    return file;
  }

 private:
  LogicalLine next(std::string_view what) {
    while (true) {
      auto line = reader_.next();
      if (!line) reader_.fail_at_end(fmt::format("expected {}", what));
      note_buffer_overflow(*line);
      if (!line->blank()) return std::move(*line);
      note(*line, kAllDialects, true,
           "whitespace-only line (or a comment not in column 0): the engine returns it as a line and its "
           "sscanf fails; only empty lines and lines starting with '#' or ';' are skipped");
    }
  }

  void note(const LogicalLine& line, DialectMask dialects, bool rejects, std::string message) {
    notes_->push_back(ReaderNote{line.number, line.offset, dialects, rejects, std::move(message)});
  }

  void note_buffer_overflow(const LogicalLine& line) {
    DialectMask dialects = 0;
    if (line.length + 1 > kJkLineBuffer - 2) dialects |= mask(Dialect::JediKnight);
    if (line.length + 1 > kMotsLineBuffer - 2) dialects |= mask(Dialect::MysteriesOfTheSith);
    if (line.length + 1 > kIjimLineBuffer - 2) dialects |= mask(Dialect::InfernalMachine);
    if (dialects != 0) {
      note(line, dialects, true,
           fmt::format("line of {} characters: longer than the engine's line buffer, which splits it",
                       line.length));
    }
  }

  [[noreturn]] void fail(const LogicalLine& line, std::string_view expected) {
    reader_.fail(line, fmt::format("expected {}, found \"{}\"", expected, line.original));
  }

  std::string section_name(LineScanner& scan, const LogicalLine& line) {
    if (!scan.literal("section:")) fail(line, "\"SECTION:\" (no space before the colon)");
    auto name = scan.word();
    if (!name) fail(line, "a section name after \"SECTION:\"");
    return *name;
  }

  template <class Value>
  Value require(const LogicalLine& line, std::optional<Value> value, std::string_view expected) {
    if (!value) fail(line, expected);
    return *value;
  }

  std::int32_t keyword_int(std::string_view keyword, std::string_view expected) {
    LogicalLine line = next(expected);
    LineScanner scan(line);
    if (!scan.literal(keyword)) fail(line, expected);
    return static_cast<std::int32_t>(require(line, scan.decimal(), expected));
  }

  void parse_header() {
    LogicalLine line = next("SECTION: HEADER");
    LineScanner section(line);
    section_name(section, line);  // the engine does not check the name

    KeyHeader& header = content_->header;
    line = next("FLAGS");
    LineScanner flags(line);
    if (!flags.literal("flags")) fail(line, "\"FLAGS <value>\"");
    LineScanner flags_word = flags;
    header.flags_text = flags_word.original_word().value_or("");
    LineScanner flags_decimal = flags;
    const auto hex = flags.hexadecimal();
    const auto decimal = flags_decimal.decimal();
    if (!hex && !decimal) fail(line, "a FLAGS value");
    if (!hex) note(line, mask(Dialect::InfernalMachine), true, "FLAGS is not hexadecimal (IJIM reads %x)");
    if (!decimal)
      note(line, mask(Dialect::JediKnight) | mask(Dialect::MysteriesOfTheSith), true,
           "FLAGS is not decimal (JK and MotS read %d)");
    header.flags = hex.value_or(0);
    header.flags_decimal = static_cast<std::int32_t>(decimal.value_or(0));

    line = next("TYPE");
    LineScanner type(line);
    if (!type.literal("type")) fail(line, "\"TYPE <hex>\"");
    header.type = require(line, type.hexadecimal(), "\"TYPE <hex>\"");
    header.frames = keyword_int("frames", "\"FRAMES <count>\"");
    line = next("FPS");
    LineScanner fps(line);
    if (!fps.literal("fps")) fail(line, "\"FPS <rate>\"");
    header.fps = require(line, fps.real(), "\"FPS <rate>\"");
    header.joints = keyword_int("joints", "\"JOINTS <count>\"");
  }

  std::size_t checked_count(const LogicalLine& line, std::int64_t count, std::size_t min_bytes,
                            std::string_view what) {
    if (count < 0) reader_.fail(line, fmt::format("expected a {} count >= 0, found {}", what, count));
    const auto unsigned_count = static_cast<std::uint64_t>(count);
    if (unsigned_count > reader_.remaining_bytes() / min_bytes) {
      reader_.fail(
          line, fmt::format("{} {} cannot fit in the {} bytes left", what, count, reader_.remaining_bytes()));
    }
    return static_cast<std::size_t>(unsigned_count);
  }

  void parse_markers(const LogicalLine& section, LineScanner& section_scan) {
    content_->has_markers_section = true;
    const auto count_on_section_line = section_scan.decimal();
    std::int64_t count = 0;
    if (count_on_section_line) {
      note(section, kAllDialects, true,
           "\"SECTION: MARKERS n\": the engine reads the count only from its own \"MARKERS n\" line");
      count = *count_on_section_line;
    } else {
      count = keyword_int("markers", "\"MARKERS <count>\"");
    }
    const std::size_t markers = checked_count(section, count, kMinMarkerBytes, "MARKERS");
    if (markers > kIjimMaxMarkers) {
      note(section, kAllDialects, true,
           fmt::format("{} markers: IJIM holds at most 16, JK and MotS 8", markers));
    } else if (markers > kJkMaxMarkers) {
      note(section, kJkAndMots, true, fmt::format("{} markers: JK and MotS hold at most 8", markers));
    }
    content_->markers.reserve(markers);
    for (std::size_t i = 0; i < markers; ++i) {
      LogicalLine line = next("a marker row \"<frame> <type>\"");
      LineScanner scan(line);
      KeyMarker marker;
      marker.frame = require(line, scan.real(), "a marker frame");
      marker.type = static_cast<std::int32_t>(require(line, scan.decimal(), "a marker type"));
      if (!content_->markers.empty() && marker.frame < content_->markers.back().frame) {
        note(line, kAllDialects, false,
             "markers out of frame order: the engine stops at the first marker past the current frame");
      }
      content_->markers.push_back(marker);
    }
  }

  void parse_nodes() {
    LogicalLine line = next("\"NODES <count>\"");
    LineScanner scan(line);
    if (!scan.literal("nodes")) fail(line, "\"NODES <count>\"");
    const std::size_t nodes =
        checked_count(line, require(line, scan.decimal(), "\"NODES <count>\""), kMinNodeBytes, "NODES");
    content_->nodes.reserve(nodes);
    const std::int32_t joints = content_->header.joints;
    if (joints > kMaxPuppetNodes) {
      note(line, kAllDialects, false, fmt::format("JOINTS {}: the puppet keeps at most 64 nodes", joints));
    }
    if (nodes > static_cast<std::size_t>(std::max(joints, 0))) {
      note(line, mask(Dialect::InfernalMachine), false,
           fmt::format("NODES {} > JOINTS {}: OpenJones3D rejects this (a check its authors added)", nodes,
                       joints));
    }
    for (std::size_t i = 0; i < nodes; ++i) content_->nodes.push_back(parse_node());
  }

  KeyNode parse_node() {
    KeyNode node;
    LogicalLine index_line = next("\"NODE <index>\"");
    LineScanner index_scan(index_line);
    if (!index_scan.literal("node")) fail(index_line, "\"NODE <index>\"");
    node.index = static_cast<std::int32_t>(require(index_line, index_scan.decimal(), "\"NODE <index>\""));
    check_node_index(index_line, node.index);
    LogicalLine line = next("\"MESH NAME <name>\"");
    LineScanner scan(line);
    if (!scan.literal("mesh") || !scan.literal("name")) fail(line, "\"MESH NAME <name>\"");
    node.mesh_name = require(line, scan.original_word(), "a mesh name");
    if (node.mesh_name.size() > kIjimMaxName) {
      note(line, kAllDialects, true,
           fmt::format("mesh name of {} characters overflows the engine's buffer "
                       "(JK/MotS 32, IJIM 64 with the terminator)",
                       node.mesh_name.size()));
    } else if (node.mesh_name.size() > kJkMaxName) {
      note(line, kJkAndMots, true,
           fmt::format("mesh name of {} characters overflows JK's 32-byte buffer", node.mesh_name.size()));
    }
    line = next("\"ENTRIES <count>\"");
    LineScanner entries_scan(line);
    if (!entries_scan.literal("entries")) fail(line, "\"ENTRIES <count>\"");
    const std::size_t entries = checked_count(
        line, require(line, entries_scan.decimal(), "\"ENTRIES <count>\""), kMinEntryBytes, "ENTRIES");
    node.entries.reserve(entries);
    for (std::size_t i = 0; i < entries; ++i) {
      LogicalLine first_line;
      node.entries.push_back(parse_entry(first_line));
      check_entry_order(first_line, node.entries);
    }
    return node;
  }

  void check_node_index(const LogicalLine& line, std::int32_t index) {
    if (index < 0 || index >= content_->header.joints) {
      note(line, kAllDialects, true,
           fmt::format("NODE {} is outside JOINTS {}: the engine writes past its node array", index,
                       content_->header.joints));
    }
    for (const KeyNode& earlier : content_->nodes) {
      if (earlier.index == index) {
        note(line, kAllDialects, false,
             fmt::format("NODE {} appears twice: this block replaces the earlier", index));
        break;
      }
    }
  }

  void check_entry_order(const LogicalLine& line, const std::vector<KeyEntry>& entries) {
    const KeyEntry& entry = entries.back();
    if (entries.size() == 1 && entry.frame > 0) {
      note(line, mask(Dialect::InfernalMachine), true,
           "the first entry is after frame 0: IJIM asserts a non-negative time since the entry");
      note(line, kJkAndMots, false,
           "the first entry is after frame 0: JK extrapolates entry 0 backwards before it");
    }
    if (entries.size() > 1 && entry.frame < entries[entries.size() - 2].frame) {
      note(line, kAllDialects, false,
           "entry frame goes backwards: the engine's entry cursor only moves forward");
    }
  }

  KeyEntry parse_entry(LogicalLine& line) {
    KeyEntry entry;
    line = next("an entry row \"num: frame flags x y z pitch yaw roll\"");
    LineScanner scan(line);
    entry.num = static_cast<std::int32_t>(require(line, scan.decimal(), "an entry number"));
    if (!scan.literal_here(":")) {
      if (!scan.literal(":")) fail(line, "\"num:\" with a colon");
      note(line, kAllDialects, true, "space between the entry number and its colon: \"%d:\" does not match");
    }
    entry.frame = require(line, scan.real(), "an entry frame");
    entry.flags = require(line, scan.hexadecimal(), "entry flags (hex)");
    for (float& v : entry.position) v = require(line, scan.real(), "x y z");
    for (float& v : entry.rotation) v = require(line, scan.real(), "pitch yaw roll");
    LogicalLine rates = next("a rate row \"dx dy dz dpitch dyaw droll\"");
    LineScanner rate_scan(rates);
    for (float& v : entry.position_rate) v = require(rates, rate_scan.real(), "dx dy dz");
    for (float& v : entry.rotation_rate) v = require(rates, rate_scan.real(), "dpitch dyaw droll");
    return entry;
  }

  LineReader reader_;
  KeyContent* content_ = nullptr;
  std::vector<ReaderNote>* notes_ = nullptr;
};

}  // namespace

Result<key::Document> key::read(std::string_view text) {
  return capture(kKeyFormat, [&] {
    key::Document file = KeyParser(text).parse();
    file.source_text = std::string(text);
    return file;
  });
}

Result<key::Document> key::read(std::span<const std::uint8_t> bytes) {
  return key::read(as_text(bytes));
}

}  // namespace bonebridge::sith
