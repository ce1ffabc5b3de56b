// SPDX-License-Identifier: MIT
#pragma once
// The registry Document of an .asm_pc manifest, as family.cpp opens it. Private to the family.
#include <memory>

#include "bonebridge/formats/volition/asm/document.hpp"
#include "bonebridge/plugin/family.hpp"

namespace bonebridge::volition {

std::unique_ptr<Document> asm_adapter(AsmDocument manifest);

}  // namespace bonebridge::volition
