// SPDX-License-Identifier: MIT
#include "adapter.hpp"

#include <map>

#include "bonebridge/formats/volition/asm/codec.hpp"
#include "bonebridge/formats/volition/xtbl/codec.hpp"

namespace bonebridge::volition {
namespace {

class AsmFile : public PoselessDocument {
 public:
  explicit AsmFile(asm_::Document manifest)
      : PoselessDocument(kAsmFormat, "a container manifest holds no pose or animation; use dump"),
        manifest_(std::move(manifest)) {}
  std::string format() const override { return "Volition .asm_pc (container manifest, version 5)"; }
  nlohmann::json info() const override;
  nlohmann::json dump() const override;
  Result<std::vector<std::uint8_t>> encode() const override { return asm_::write(manifest_); }

 private:
  asm_::Document manifest_;
};

nlohmann::json AsmFile::info() const {
  std::map<std::string, std::size_t> containers, primitives;
  for (const auto& container : manifest_.containers) {
    ++containers[asm_container_type(container.type)];
    for (const auto& primitive : container.primitives) ++primitives[asm_primitive_type(primitive.type)];
  }
  return {{"format", format()},
          {"containers", manifest_.containers.size()},
          {"container_types", containers},
          {"primitive_types", primitives},
          {"trailing_bytes", manifest_.trailing.size()},
          {"duration", 0.0},
          {"joints", 0}};
}

nlohmann::json AsmFile::dump() const {
  nlohmann::json containers = nlohmann::json::array();
  for (const auto& container : manifest_.containers) {
    nlohmann::json primitives = nlohmann::json::array();
    for (const auto& primitive : container.primitives) {
      primitives.push_back({{"name", xtbl_utf8(primitive.name)},
                            {"type", primitive.type},
                            {"type_name", asm_primitive_type(primitive.type)},
                            {"allocator", primitive.allocator},
                            {"flags", primitive.flags},
                            {"split_extension_index", primitive.split_extension_index},
                            {"header_size", primitive.header_size},
                            {"data_size", primitive.data_size}});
    }
    containers.push_back({{"name", xtbl_utf8(container.name)},
                          {"type", container.type},
                          {"type_name", asm_container_type(container.type)},
                          {"flags", container.flags},
                          {"data_offset", container.data_offset},
                          {"compressed_size", container.compressed_size},
                          {"sizes", container.sizes},
                          {"primitives", std::move(primitives)}});
  }
  return {{"version", manifest_.version},
          {"containers", std::move(containers)},
          {"trailing", manifest_.trailing}};
}

}  // namespace

std::unique_ptr<bonebridge::Document> asm_::open(asm_::Document manifest) {
  return std::make_unique<AsmFile>(std::move(manifest));
}

}  // namespace bonebridge::volition
