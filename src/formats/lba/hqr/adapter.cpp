// SPDX-License-Identifier: MIT
#include <fmt/format.h>

#include "../adapters.hpp"
#include "bonebridge/formats/lba/hqr/archive.hpp"
#include "bonebridge/formats/lba/hqr/codec.hpp"

namespace bonebridge::lba {
namespace {

using nlohmann::json;

class ArchiveDocument : public PoselessDocument {
 public:
  ArchiveDocument(hqr::Document archive, std::vector<std::uint8_t> bytes)
      : PoselessDocument(kHqrFormat, "an HQR archive holds many files: name one entry, e.g. ANIM.HQR:3"),
        archive_(std::move(archive)),
        bytes_(std::move(bytes)) {}
  json info() const override {
    json entries = json::array();
    if (const auto listed = container_entries(bytes_)) {
      for (const auto& e : *listed) {
        if (e.blank) {
          entries.push_back({{"index", e.index}, {"blank", true}});
          continue;
        }
        entries.push_back({{"index", e.index},
                           {"size", e.size},
                           {"stored_size", e.stored_size},
                           {"method", e.method},
                           {"shared", e.shared},
                           {"decodes_to", e.decodes_to}});
      }
    }
    std::size_t hidden = 0;
    for (const auto& block : archive_.blocks) hidden += block.hidden.size();
    return {{"format", kHqrFormat},
            {"entries", entries},
            {"slots", archive_.slots.size()},
            {"distinct_entries", archive_.blocks.size()},
            {"hidden_entries", hidden},
            {"duration", 0},
            {"joints", json::array()},
            {"notes", json::array({"address an entry as ARCHIVE.HQR:<index>"})}};
  }
  json dump() const override {
    json blocks = json::array();
    for (const auto& block : archive_.blocks) {
      json hidden = json::array();
      for (const auto& h : block.hidden)
        hidden.push_back({{"size", h.size}, {"stored_size", h.stored.size()}, {"method", h.method}});
      blocks.push_back({{"size", block.entry.size},
                        {"stored_size", block.entry.stored.size()},
                        {"method", block.entry.method},
                        {"hidden", hidden},
                        {"gap_bytes", block.gap.size()}});
    }
    json slots = json::array();
    for (const auto& slot : archive_.slots) slots.push_back(slot ? json(*slot) : json(nullptr));
    return {{"format", kHqrFormat},
            {"slots", slots},
            {"blocks", blocks},
            {"table_gap_bytes", archive_.table_gap.size()}};
  }
  std::vector<Diagnostic> check(bool) const override {
    std::vector<Diagnostic> out;
    for (std::size_t i = 0; i < archive_.slots.size(); ++i) {
      if (!archive_.slots[i]) continue;
      if (const auto decoded = hqr_entry(archive_, i); !decoded) {
        out.push_back(
            {true,
             Error{kHqrFormat, fmt::format("entry {}: {}", i, decoded.error().message), i * 4, {}, {}}});
      }
    }
    return out;
  }
  double engine_tick() const override { return 0.02; }  // the LBA engine's 50 Hz tick
  Result<std::vector<std::uint8_t>> encode() const override { return hqr::write(archive_); }

 private:
  hqr::Document archive_;
  std::vector<std::uint8_t> bytes_;
};

}  // namespace

Result<std::unique_ptr<bonebridge::Document>> hqr::open(std::span<const std::uint8_t> bytes) {
  auto archive = hqr::read(bytes);
  if (!archive) return archive.error();
  return std::unique_ptr<bonebridge::Document>(
      new ArchiveDocument(std::move(*archive), {bytes.begin(), bytes.end()}));
}

}  // namespace bonebridge::lba
