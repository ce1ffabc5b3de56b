#pragma once
// Plain structs mirroring the Sith engine's text files one to one (research/sith-key.md §1 and §3). Values
// are kept as the engine stores them: floats, raw hex flags, names as written. No behaviour lives here.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace bonebridge::sith {

// The games whose loaders differ (§1.3, §5). JK and MotS share one loader but not the line buffer size.
enum class Dialect : std::uint8_t { JediKnight = 1, MysteriesOfTheSith = 2, InfernalMachine = 4 };
using DialectMask = std::uint8_t;
constexpr DialectMask kAllDialects = 7;
constexpr DialectMask mask(Dialect d) {
  return static_cast<DialectMask>(d);
}

// Something the tolerant reader accepted although a game's loader would not, or that the loader accepts but
// plays wrongly. `dialects` names the games concerned.
struct ReaderNote {
  std::uint64_t line = 0;
  std::size_t offset = 0;
  DialectMask dialects = kAllDialects;
  bool engine_rejects = true;  // the game fails to load the file (otherwise: loads it, but see message)
  std::string message;
};

// ---------------------------------------------------------------------------------------------------------
// .key

struct KeyHeader {
  std::uint32_t flags = 0;         // FLAGS as IJIM reads it (%x); never used by either engine
  std::int32_t flags_decimal = 0;  // FLAGS as JK/MotS read it (%d): "0x0003" reads as 0
  std::string flags_text;          // the FLAGS word as written, which alone holds both readings
  std::uint32_t type = 0;          // bitmask of .3do node types given the track's high priority
  std::int32_t frames = 0;
  float fps = 0;
  std::int32_t joints = 0;
};

struct KeyMarker {
  float frame = 0;
  std::int32_t type = 0;
};

// One entry: an absolute local pose at `frame` plus per-frame rates, applied where `flags` says so.
struct KeyEntry {
  std::int32_t num = 0;  // read and ignored by the engine
  float frame = 0;
  std::uint32_t flags = 0;               // bit 0: position rates, bit 1: rotation rates
  std::array<float, 3> position{};       // x, y, z
  std::array<float, 3> rotation{};       // pitch, yaw, roll in degrees, in the file's column order
  std::array<float, 3> position_rate{};  // per frame
  std::array<float, 3> rotation_rate{};  // degrees per frame
};

struct KeyNode {
  std::int32_t index = 0;  // .3do hierarchy row
  std::string mesh_name;   // as written; the engine lowercases it and keeps it only in debug builds
  std::vector<KeyEntry> entries;
};

struct KeyContent {
  KeyHeader header;
  bool has_markers_section = false;
  std::vector<KeyMarker> markers;
  std::vector<KeyNode> nodes;  // in file order, indices possibly sparse or repeated
};

struct KeyFile {
  KeyContent content;
  // The exact text read and the content it held: the writer emits the text unchanged while `content` still
  // equals `source_content`, so an unmodified file round trips byte for byte. Empty for a file built in code.
  std::string source_text;
  KeyContent source_content;
  std::vector<ReaderNote> notes;
};

// ---------------------------------------------------------------------------------------------------------
// .3do (only what a skeleton and its rigid meshes need; the rest is kept as text)

struct ModelFace {
  std::int32_t material = 0;
  std::vector<std::int32_t> vertices;  // indices into the mesh's vertices, polygon order
};

struct ModelMesh {
  std::int32_t index = 0;
  std::string name;
  std::vector<std::array<float, 3>> vertices;
  std::vector<ModelFace> faces;
};

struct HierarchyNode {
  std::int32_t num = 0;
  std::uint32_t flags = 0;
  std::uint32_t type = 0;  // node type bits: 0x1 torso, 0x2 left arm, ... (§2.6)
  std::int32_t mesh = -1;  // index into geoset 0's meshes, -1 for none
  std::int32_t parent = -1;
  std::int32_t child = -1;
  std::int32_t sibling = -1;
  std::int32_t num_children = 0;
  std::array<float, 3> position{};
  std::array<float, 3> rotation{};  // pitch, yaw, roll in degrees
  std::array<float, 3> pivot{};
  std::string name;  // hnodename, as written

  // Where the row sits in the source text, so that an edited hierarchy is written back in place.
  std::size_t source_begin = 0;
  std::size_t source_end = 0;
};

struct ModelContent {
  std::string version;            // "2.3" from the "3DO 2.3" header line
  std::vector<ModelMesh> meshes;  // geoset 0 (the most detailed level)
  std::vector<HierarchyNode> hierarchy;
};

struct ModelFile {
  ModelContent content;
  std::string source_text;  // every section this project does not model lives only here
  ModelContent source_content;
  std::vector<ReaderNote> notes;
};

}  // namespace bonebridge::sith
