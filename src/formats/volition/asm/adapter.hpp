// SPDX-License-Identifier: MIT
#pragma once
// The registry Document of an .asm_pc manifest, as family.cpp opens it. Private to the family.
#include <memory>

#include "bonebridge/formats/volition/asm/document.hpp"
#include "bonebridge/plugin/family.hpp"

namespace bonebridge::volition {

namespace asm_ {  // `asm` is a C++ keyword
std::unique_ptr<bonebridge::Document> open(asm_::Document manifest);
}  // namespace asm_

}  // namespace bonebridge::volition
