// SPDX-License-Identifier: MIT
// The .3do's registry Document: the model at rest (its hierarchy posed by the KEY engine with no KEY), and
// converted as a KEY of no motion, so that its skeleton and meshes are those a .key on it gets.
#include "../adapters.hpp"
#include "bonebridge/formats/sith/json.hpp"
#include "bonebridge/formats/sith/key/bridge.hpp"
#include "bonebridge/formats/sith/key/engine.hpp"
#include "bonebridge/formats/sith/model/codec.hpp"

namespace bonebridge::sith {
namespace {

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
          {"materials", model.materials},
          {"duration", 0.0},
          {"kept", "geoset 0 meshes and HIERARCHYDEF; other sections only as text"}};
}

nlohmann::json model_dump(const model::Document& file) {
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
                                {"position", json_triple(n.position)},
                                {"rotation_pyr", json_triple(n.rotation)},
                                {"pivot", json_triple(n.pivot)},
                                {"name", n.name}});
  }
  out["mesh_list"] = nlohmann::json::array();
  for (const ModelMesh& mesh : file.content.meshes) {
    out["mesh_list"].push_back({{"index", mesh.index},
                                {"name", mesh.name},
                                {"vertices", mesh.vertices.size()},
                                {"faces", mesh.faces.size()}});
  }
  out["reader_notes"] = reader_notes_json(file.notes);
  return out;
}

nlohmann::json engine_joint_names(const key::Engine& engine) {
  nlohmann::json out = nlohmann::json::array();
  for (const EngineNode& node : engine.nodes()) out.push_back({{"name", node.name}, {"parent", node.parent}});
  return out;
}

class ModelDocument : public bonebridge::Document {
 public:
  ModelDocument(model::Document model, SurfaceSearch search)
      : model_(std::move(model)),
        search_(std::move(search)),
        engine_(no_key_, model_nodes(model_.content), Dialect::InfernalMachine) {}

  std::string format() const override { return std::string(kModelFormat); }
  std::size_t joint_count() const override { return engine_.nodes().size(); }
  nlohmann::json info() const override {
    nlohmann::json info = model_info(model_.content);
    info["joints"] = engine_joint_names(engine_);
    return info;
  }
  nlohmann::json dump() const override { return model_dump(model_); }
  double duration() const override { return 0; }
  double engine_tick() const override { return kContinuousTick; }
  Status sample_into(double seconds, EnginePose& pose) const override {
    pose = key::engine_pose(engine_, model_layout(engine_), seconds);
    return Ok{};
  }
  Result<CoreConversion> to_core(const Options& options) const override {
    auto bridge = bridge_options(options);
    if (!bridge.ok()) return bridge.error();
    // The rest pose as a KEY of no motion: skeleton and meshes only.
    key::Document still;
    still.content.header.fps = 1;
    const ModelSurfaces surfaces = find_surfaces(model_.content, search_);
    return key::to_core(still, &model_, *bridge, &surfaces);
  }
  Result<std::vector<std::uint8_t>> encode() const override { return model::write(model_); }

 private:
  model::Document model_;
  SurfaceSearch search_;
  KeyContent no_key_;
  key::Engine engine_;
};

}  // namespace

Result<std::unique_ptr<bonebridge::Document>> model::open(std::span<const std::uint8_t> bytes,
                                                          const Options& options, const Settings& settings) {
  auto model = model::read(bytes);
  if (!model.ok()) return model.error();
  auto search = surface_search(options, settings, options.placement.input);
  if (!search.ok()) return search.error();
  return std::unique_ptr<bonebridge::Document>(
      std::make_unique<ModelDocument>(std::move(model).value(), std::move(search).value()));
}

}  // namespace bonebridge::sith
