// SPDX-License-Identifier: MIT
#pragma once
#include <memory>

#include "bonebridge/plugin/family.hpp"
#include "formats/template/pend/document.hpp"

namespace bonebridge::pendulum::pend {

// The registry's view of an opened .pend file.
std::unique_ptr<bonebridge::Document> open(Document document);

}  // namespace bonebridge::pendulum::pend
