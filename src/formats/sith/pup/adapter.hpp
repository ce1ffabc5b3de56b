// SPDX-License-Identifier: MIT
#pragma once
// What family.cpp needs of the .pup kind; private to the family.
#include <cstdint>
#include <memory>
#include <span>

#include "bonebridge/formats/sith/settings.hpp"
#include "bonebridge/plugin/family.hpp"

namespace bonebridge::sith {

// A .pup, with the key files it names looked up beside it (Options::placement.input: the .pup's own path, set
// by load_input) and the --model companion.
namespace pup {
Result<std::unique_ptr<bonebridge::Document>> open(std::span<const std::uint8_t> bytes,
                                                   const Options& options, const Settings& settings);
}  // namespace pup

}  // namespace bonebridge::sith
