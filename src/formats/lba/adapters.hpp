// SPDX-License-Identifier: MIT
#pragma once
// The kinds' registry Documents (anm/adapter.cpp, body/adapter.cpp, hqr/adapter.cpp), opened by the family
// row (family.cpp).
#include <cstdint>
#include <memory>
#include <optional>
#include <span>

#include "bonebridge/formats/lba/body/document.hpp"
#include "bonebridge/formats/lba/settings.hpp"
#include "bonebridge/plugin/family.hpp"

namespace bonebridge::lba {

inline constexpr const char* kUnknownNote =
    "LBA1 behaviour follows the released 1994 engine source; no retail LBA1 file was available to check it";

// An .anm animation, posing the body companion (--body) on the ideal or the game clock (clock, update-ticks).
namespace anm {
Result<std::unique_ptr<bonebridge::Document>> open(std::span<const std::uint8_t> bytes,
                                                   const Options& options, const Settings& settings,
                                                   const BridgeOptions& bridge);
}  // namespace anm

// The body companion of an animation (--body, at `address`: LBA1 or .lm2, the variant choosing when the name
// does not), structurally checked; nullopt without one.
Result<std::optional<body::Document>> companion_body(const Options& options, const std::string& address,
                                                     Variant variant);
// An LBA1 body, and an LBA2 .lm2 kept as read so that it writes back byte for byte.
namespace body {
std::unique_ptr<bonebridge::Document> open(body::Document body, const BridgeOptions& bridge);
Result<std::unique_ptr<bonebridge::Document>> open_lm2(std::span<const std::uint8_t> bytes,
                                                       BridgeOptions options);
}  // namespace body

// An entity (LBA1 FILE3D.HQR entry) and LBA2's table of them (RESS.HQR:44): listed, not converted alone.
namespace entity {
Result<std::unique_ptr<bonebridge::Document>> open(std::span<const std::uint8_t> bytes, Variant variant);
Result<std::unique_ptr<bonebridge::Document>> open_table(std::span<const std::uint8_t> bytes);
}  // namespace entity

// An HQR archive: its entries listed, not converted.
namespace hqr {
Result<std::unique_ptr<bonebridge::Document>> open(std::span<const std::uint8_t> bytes);
}  // namespace hqr

}  // namespace bonebridge::lba
