// SPDX-License-Identifier: MIT
#pragma once
// What the AnimX family's registry row (family.cpp) calls for Resonite packages: the registry Document
// (info and dump show the slot tree, components by type and the assets; the engine poses the slots under the
// package's first AnimX; convert gives one glTF animation per AnimX), and the characters of an install.
#include <cstdint>
#include <memory>
#include <span>

#include "bonebridge/io/install_view.hpp"
#include "bonebridge/plugin/family.hpp"

namespace bonebridge::animx::package {

// A ZIP whose central directory names R-Main.record.
bool looks_like_package(std::span<const std::uint8_t> bytes);

Result<std::unique_ptr<bonebridge::Document>> open(std::span<const std::uint8_t> bytes);

// Each .resonitepackage with a slot tree is a character: named by its record (else its root slot), the
// package itself its model, its AnimX assets its animations. Unreadable packages are listed in the notes.
CharacterList find_characters(const InstallView& install);

}  // namespace bonebridge::animx::package
