// SPDX-License-Identifier: MIT
#include <fmt/format.h>

#include <cmath>
#include "bonebridge/io/bit_cast.hpp"

#include "../adapters.hpp"
#include "bonebridge/formats/volition/cloth/codec.hpp"
#include "bonebridge/formats/volition/cloth/engine.hpp"

namespace bonebridge::volition {
namespace {

class ClothFile : public bonebridge::Document {
 public:
  explicit ClothFile(cloth::Document cloth) : cloth_(std::move(cloth)) {}
  std::string format() const override {
    return "Volition .sim_pc (cloth simulation, Red Faction Guerrilla version 1)";
  }
  std::size_t joint_count() const override { return 0; }
  nlohmann::json info() const override;
  nlohmann::json dump() const override;
  std::vector<Diagnostic> check(bool strict) const override;
  double duration() const override { return 0; }
  double engine_tick() const override;
  Status sample_into(double seconds, EnginePose& pose) const override;
  Result<CoreConversion> to_core(const Options& options) const override;
  std::optional<std::string> no_gltf_form() const override;
  Result<std::vector<std::uint8_t>> encode() const override;

 private:
  cloth::Document cloth_;
};

nlohmann::json vec(const ClothVec3& v) {
  return json_vec3(v.x, v.y, v.z);
}

constexpr std::size_t kNodesAt = kClothHeaderSize;

const char* layout_name(ClothLayout layout) {
  return layout == ClothLayout::Node32 ? "node32" : "node36";
}

nlohmann::json ClothFile::info() const {
  const auto anchors = static_cast<std::size_t>(cloth_.num_anchor_nodes);
  return {
      {"format", format()},
      {"layout", layout_name(cloth_.layout)},
      {"name", printable(cloth_name(cloth_))},
      {"anchor_nodes", anchors},
      {"simulated_nodes", cloth_.nodes.size() - anchors},
      {"links", cloth_.links.size()},
      {"colliders", cloth_.colliders.size()},
      {"num_passes", cloth_.num_passes},
      {"duration", 0.0},
      {"joints", 0},
      {"notes",
       {cloth_.layout == ClothLayout::Node32
            ? "node32 layout: 32-byte nodes, 20-byte links, 40-byte colliders, as four RFG legpack files "
              "store "
              "them (matched field by field with a node36 file of the same setup); no local_space_pos"
            : "node36 layout observed in five RFG samples (notes §9.3)",
        "the link's second float and the three header words at 0x48 have no known meaning",
        "no rope array in version 1 (no sample has one)", "cloth has no animation: use dump"}},
  };
}

nlohmann::json ClothFile::dump() const {
  nlohmann::json nodes = nlohmann::json::array();
  const bool node36 = cloth_.layout == ClothLayout::Node36;
  for (const auto& n : cloth_.nodes) {
    nlohmann::json node = {{"bone_index", n.bone_index},
                           {"parent_node_index", n.parent_node_index},
                           {"gravity_link", n.gravity_link},
                           {"anchor", n.anchor},
                           {"wind_multiplier", bonebridge::bit_cast<float>(n.wind_multiplier_bits)},
                           {"wind_multiplier_bits", fmt::format("0x{:08X}", n.wind_multiplier_bits)},
                           {"pos", vec(n.pos)}};
    if (node36) {
      node["collide"] = fmt::format("0x{:08X}", n.collide);
      node["local_space_pos"] = vec(n.local_space_pos);
    }
    nodes.push_back(std::move(node));
  }
  nlohmann::json links = nlohmann::json::array();
  for (const auto& l : cloth_.links) {
    links.push_back({{"node_index_1", l.node_index_1},
                     {"node_index_2", l.node_index_2},
                     {"collide", fmt::format("0x{:08X}", l.collide)},
                     {"length", l.length},
                     {"unknown", l.unknown}});
  }
  nlohmann::json colliders = nlohmann::json::array();
  for (const auto& c : cloth_.colliders) {
    nlohmann::json collider = {{"bone_index", c.bone_index}, {"is_capsule", c.is_capsule},
                               {"do_scale", c.do_scale},     {"radius", c.radius},
                               {"height", c.height},         {"pos", vec(c.pos)},
                               {"axis", vec(c.axis)}};
    if (node36) collider["local_space_pos"] = vec(c.local_space_pos);
    colliders.push_back(std::move(collider));
  }
  return {{"layout", layout_name(cloth_.layout)},
          {"version", cloth_.version},
          {"name", printable(cloth_name(cloth_))},
          {"name_bytes", cloth_.name},
          {"num_passes", cloth_.num_passes},
          {"air_resistance", cloth_.air_resistance},
          {"wind_multiplier", cloth_.wind_multiplier},
          {"wind_const", cloth_.wind_const},
          {"gravity_multiplier", cloth_.gravity_multiplier},
          {"object_velocity_inheritance", cloth_.object_velocity_inheritance},
          {"num_anchor_nodes", cloth_.num_anchor_nodes},
          {"unknown_words", cloth_.unknown_words},
          {"nodes", nodes},
          {"links", links},
          {"colliders", colliders},
          {"trailing_bytes", cloth_.trailing.size()}};
}

std::vector<Diagnostic> ClothFile::check(bool strict) const {
  std::vector<Diagnostic> out;
  const auto sizes = record_sizes(cloth_.layout);
  const bool node36 = cloth_.layout == ClothLayout::Node36;
  const auto node_count = cloth_.nodes.size();
  for (std::size_t i = 0; i < node_count; ++i) {
    const auto& n = cloth_.nodes[i];
    const std::uint64_t at = kNodesAt + sizes.node * i;
    const bool anchor = i < static_cast<std::size_t>(cloth_.num_anchor_nodes);
    if (!anchor && (n.parent_node_index < 0 || static_cast<std::size_t>(n.parent_node_index) >= i)) {
      out.push_back(
          diagnostic(strict, kClothFormat, at + (node36 ? 1 : 4),
                     fmt::format("simulated node {}: expected a parent among the earlier nodes, found {}", i,
                                 n.parent_node_index)));
    }
    if (!anchor && (n.gravity_link < 0 || static_cast<std::size_t>(n.gravity_link) >= cloth_.links.size())) {
      out.push_back(diagnostic(
          strict, kClothFormat, at + (node36 ? 2 : 8),
          fmt::format("simulated node {}: gravity_link {} is not a link index", i, n.gravity_link)));
    }
  }
  const std::uint64_t links_at = kNodesAt + sizes.node * node_count;
  for (std::size_t i = 0; i < cloth_.links.size(); ++i) {
    const auto& l = cloth_.links[i];
    if (l.node_index_1 >= node_count || l.node_index_2 >= node_count) {
      out.push_back(diagnostic(true, kClothFormat, links_at + sizes.link * i,
                               fmt::format("link {}: nodes {} and {} expected below {}", i, l.node_index_1,
                                           l.node_index_2, node_count)));
      continue;
    }
    if (!node36) continue;  // no local_space_pos to measure the length against
    const auto& a = cloth_.nodes[l.node_index_1].local_space_pos;
    const auto& b = cloth_.nodes[l.node_index_2].local_space_pos;
    const double d = std::sqrt(double(a.x - b.x) * (a.x - b.x) + double(a.y - b.y) * (a.y - b.y) +
                               double(a.z - b.z) * (a.z - b.z));
    if (std::abs(d - l.length) > 1e-3) {
      out.push_back(diagnostic(false, kClothFormat, links_at + sizes.link * i + 8,
                               fmt::format("link {}: length {} differs from the nodes' distance {} (equal in "
                                           "every sample)",
                                           i, l.length, d)));
    }
  }
  if (cloth_.unknown_words != std::array<std::uint32_t, 3>{0, 0, 0}) {
    out.push_back(diagnostic(false, kClothFormat, 0x48,
                             "header words at 0x48..0x53 are not zero (zero in every sample)"));
  }
  return out;
}

double ClothFile::engine_tick() const {
  return 1.0 / 30.0;
}

Status ClothFile::sample_into(double seconds, EnginePose& pose) const {
  pose = cloth::engine_pose(cloth_, seconds);
  return Ok{};
}

std::optional<std::string> ClothFile::no_gltf_form() const {
  return "cloth setups carry no skeleton animation; use `dump` to see nodes, links and colliders";
}

Result<CoreConversion> ClothFile::to_core(const Options&) const {
  return Error{kClothFormat, *no_gltf_form(), {}, {}, {}};
}

Result<std::vector<std::uint8_t>> ClothFile::encode() const {
  return cloth::write(cloth_);
}

}  // namespace

std::unique_ptr<bonebridge::Document> cloth::open(cloth::Document cloth) {
  return std::make_unique<ClothFile>(std::move(cloth));
}

}  // namespace bonebridge::volition
