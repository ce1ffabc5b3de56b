// SPDX-License-Identifier: MIT
// An entity (LBA1 FILE3D.HQR entry) or LBA2's entity table (RESS.HQR:44) as a registry Document: what bodies
// and animations each entity names, by generic id and HQR index; no pose of its own.
#include <fmt/format.h>

#include "../adapters.hpp"
#include "bonebridge/formats/lba/entity/codec.hpp"
#include "bonebridge/formats/lba/entity/names.hpp"

namespace bonebridge::lba {
namespace {

nlohmann::json record_json(const EntityRecord& record, Variant variant) {
  nlohmann::json out{{"opcode", record.opcode}, {"generic", record.generic}, {"size", record.bytes.front()}};
  if (const auto body = entity_body(record)) {
    out["kind"] = "body";
    out["name"] = generic_body_name(body->generic);
    out["body_index"] = body->body_index;
    if (body->box) out["box"] = *body->box;
  } else if (const auto animation = entity_animation(record)) {
    out["kind"] = "animation";
    out["name"] = generic_animation_name(animation->generic, variant);
    out["animation_index"] = animation->animation_index;
    out["actions"] = animation->action_count;
  } else {
    out["kind"] = "other";
  }
  return out;
}

nlohmann::json entity_json(const entity::Document& entity, Variant variant) {
  auto records = nlohmann::json::array();
  for (const auto& record : entity.records) records.push_back(record_json(record, variant));
  return {{"records", records}, {"trailing_bytes", entity.trailing.size()}};
}

class EntityDocument : public PoselessDocument {
 public:
  EntityDocument(std::optional<entity::Document> entity, std::optional<entity::TableDocument> table,
                 Variant variant)
      : PoselessDocument(
            kEntityFormat,
            "an entity names an actor's bodies and animations: convert them with `batch --characters`"),
        entity_(std::move(entity)),
        table_(std::move(table)),
        variant_(variant) {}

  nlohmann::json info() const override {
    if (entity_) {
      auto out = entity_json(*entity_, variant_);
      out["format"] = kEntityFormat;
      out["variant"] = variant_ == Variant::Lba1 ? "lba1" : "lba2";
      return out;
    }
    return {{"format", kEntityFormat}, {"variant", "lba2"}, {"entities", table_->entities.size()}};
  }
  nlohmann::json dump() const override {
    if (entity_) return info();
    auto entities = nlohmann::json::array();
    for (const auto& entity : table_->entities) entities.push_back(entity_json(entity, Variant::Lba2));
    return {{"format", kEntityFormat}, {"offsets", table_->offsets}, {"entities", entities}};
  }
  Result<std::vector<std::uint8_t>> encode() const override {
    return entity_ ? entity::write(*entity_) : entity::write_table(*table_);
  }

 private:
  std::optional<entity::Document> entity_;
  std::optional<entity::TableDocument> table_;
  Variant variant_;
};

}  // namespace

Result<std::unique_ptr<bonebridge::Document>> entity::open(std::span<const std::uint8_t> bytes,
                                                           Variant variant) {
  auto entity = entity::read(bytes, variant);
  if (!entity) return entity.error();
  return std::unique_ptr<bonebridge::Document>(
      std::make_unique<EntityDocument>(std::move(*entity), std::nullopt, variant));
}

Result<std::unique_ptr<bonebridge::Document>> entity::open_table(std::span<const std::uint8_t> bytes) {
  auto table = entity::read_table(bytes);
  if (!table) return table.error();
  return std::unique_ptr<bonebridge::Document>(
      std::make_unique<EntityDocument>(std::nullopt, std::move(*table), Variant::Lba2));
}

}  // namespace bonebridge::lba
