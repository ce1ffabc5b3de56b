#include "bonebridge/formats/sith/json.hpp"

#include <fmt/format.h>

#include <cmath>

#include "bonebridge/formats/sith/codec.hpp"

namespace bonebridge::sith {
namespace {

// JSON has no inf or nan: those become strings.
nlohmann::json number(float v) {
  if (std::isfinite(v)) return v;
  return fmt::format("{}", v);
}

nlohmann::json triple(const std::array<float, 3>& v) {
  return nlohmann::json::array({number(v[0]), number(v[1]), number(v[2])});
}

std::size_t entry_count(const KeyContent& key) {
  std::size_t count = 0;
  for (const KeyNode& node : key.nodes) count += node.entries.size();
  return count;
}

nlohmann::json notes_json(const std::vector<ReaderNote>& notes) {
  nlohmann::json out = nlohmann::json::array();
  for (const ReaderNote& note : notes) {
    out.push_back({{"line", note.line},
                   {"dialects", note.dialects},
                   {"engine_rejects", note.engine_rejects},
                   {"message", note.message}});
  }
  return out;
}

}  // namespace

nlohmann::json key_info(const KeyContent& key) {
  const KeyHeader& h = key.header;
  return {{"format", std::string(kKeyFormat)},
          {"frames", h.frames},
          {"fps", number(h.fps)},
          {"duration", h.fps > 0 ? h.frames / static_cast<double>(h.fps) : 0.0},
          {"joint_count", h.joints},
          {"nodes", key.nodes.size()},
          {"entries", entry_count(key)},
          {"markers", key.markers.size()},
          {"flags", fmt::format("0x{:04X} (IJIM reads %x; JK/MotS read %d: {}; neither engine uses it)",
                                h.flags, h.flags_decimal)},
          {"type", fmt::format("0x{:04X}", h.type)}};
}

nlohmann::json key_dump(const KeyFile& file) {
  const KeyContent& key = file.content;
  nlohmann::json out;
  out["format"] = std::string(kKeyFormat);
  out["header"] = {{"flags", file.content.header.flags},
                   {"flags_decimal", key.header.flags_decimal},
                   {"type", key.header.type},
                   {"frames", key.header.frames},
                   {"fps", number(key.header.fps)},
                   {"joints", key.header.joints}};
  out["has_markers_section"] = key.has_markers_section;
  out["markers"] = nlohmann::json::array();
  for (const KeyMarker& m : key.markers)
    out["markers"].push_back({{"frame", number(m.frame)}, {"type", m.type}});
  out["nodes"] = nlohmann::json::array();
  for (const KeyNode& node : key.nodes) {
    nlohmann::json entries = nlohmann::json::array();
    for (const KeyEntry& e : node.entries) {
      entries.push_back({{"num", e.num},
                         {"frame", number(e.frame)},
                         {"flags", e.flags},
                         {"position", triple(e.position)},
                         {"rotation_pyr", triple(e.rotation)},
                         {"position_rate", triple(e.position_rate)},
                         {"rotation_rate", triple(e.rotation_rate)}});
    }
    out["nodes"].push_back({{"index", node.index}, {"mesh_name", node.mesh_name}, {"entries", entries}});
  }
  out["reader_notes"] = notes_json(file.notes);
  return out;
}

nlohmann::json model_info(const ModelContent& model) {
  std::size_t faces = 0;
  std::size_t vertices = 0;
  for (const ModelMesh& mesh : model.meshes) {
    faces += mesh.faces.size();
    vertices += mesh.vertices.size();
  }
  return {{"format", std::string(kModelFormat)},
          {"version", model.version},
          {"hierarchy_nodes", model.hierarchy.size()},
          {"meshes", model.meshes.size()},
          {"vertices", vertices},
          {"faces", faces},
          {"duration", 0.0},
          {"kept", "geoset 0 meshes and HIERARCHYDEF; other sections only as text"}};
}

nlohmann::json model_dump(const ModelFile& file) {
  nlohmann::json out = model_info(file.content);
  out["hierarchy"] = nlohmann::json::array();
  for (const HierarchyNode& n : file.content.hierarchy) {
    out["hierarchy"].push_back({{"num", n.num},
                                {"flags", n.flags},
                                {"type", n.type},
                                {"mesh", n.mesh},
                                {"parent", n.parent},
                                {"child", n.child},
                                {"sibling", n.sibling},
                                {"num_children", n.num_children},
                                {"position", triple(n.position)},
                                {"rotation_pyr", triple(n.rotation)},
                                {"pivot", triple(n.pivot)},
                                {"name", n.name}});
  }
  out["mesh_list"] = nlohmann::json::array();
  for (const ModelMesh& mesh : file.content.meshes) {
    out["mesh_list"].push_back({{"index", mesh.index},
                                {"name", mesh.name},
                                {"vertices", mesh.vertices.size()},
                                {"faces", mesh.faces.size()}});
  }
  out["reader_notes"] = notes_json(file.notes);
  return out;
}

nlohmann::json engine_joint_names(const KeyEngine& engine) {
  nlohmann::json out = nlohmann::json::array();
  for (const EngineNode& node : engine.nodes()) out.push_back({{"name", node.name}, {"parent", node.parent}});
  return out;
}

}  // namespace bonebridge::sith
