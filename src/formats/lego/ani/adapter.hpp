// SPDX-License-Identifier: MIT
#pragma once
// The `.ani` file as a registry Document (adapter.cpp), opened by the family row (family.cpp).
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "bonebridge/formats/lego/settings.hpp"
#include "bonebridge/formats/lego/wdb/character.hpp"
#include "bonebridge/io/error.hpp"
#include "bonebridge/plugin/family.hpp"

namespace bonebridge::lego {

namespace ani {
Result<std::unique_ptr<bonebridge::Document>> open(std::span<const std::uint8_t> bytes);
}  // namespace ani

// The actors of `conversion` given their bodies from the --world companion (the game's WORLD.WDB, read once
// per conversion through the options' documents); without one, `bare_note`, which says what it would add.
Status dress_from_world(CoreConversion& conversion, const std::vector<wdb::AniActor>& actors,
                        const Options& options, const Settings& settings, const std::string& bare_note);

}  // namespace bonebridge::lego
