// SPDX-License-Identifier: MIT
#pragma once
// The registry Document of an .xtbl table, as family.cpp opens it. Private to the family.
#include <memory>

#include "bonebridge/formats/volition/xtbl/document.hpp"
#include "bonebridge/plugin/family.hpp"

namespace bonebridge::volition {

namespace xtbl {
std::unique_ptr<bonebridge::Document> open(xtbl::Document table);
}  // namespace xtbl

}  // namespace bonebridge::volition
