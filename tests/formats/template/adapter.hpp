// SPDX-License-Identifier: MIT
#pragma once
#include <memory>

#include "bonebridge/plugin/family.hpp"
#include "formats/template/document.hpp"

namespace bonebridge::pendulum {

// The registry's view of an opened .pend file.
std::unique_ptr<bonebridge::Document> adapt(Document document);

}  // namespace bonebridge::pendulum
