// SPDX-License-Identifier: MIT
#pragma once
// The registry Document of an .xtbl table, as family.cpp opens it. Private to the family.
#include <memory>

#include "bonebridge/formats/volition/xtbl/document.hpp"
#include "bonebridge/plugin/family.hpp"

namespace bonebridge::volition {

std::unique_ptr<Document> xtbl_adapter(XtblDocument table);

}  // namespace bonebridge::volition
