// SPDX-License-Identifier: MIT
#pragma once
// WORLD.WDB as a registry Document (adapter.cpp), opened by the LEGO family row (../family.cpp).
#include <cstdint>
#include <memory>
#include <span>

#include "bonebridge/io/error.hpp"
#include "bonebridge/plugin/family.hpp"

namespace bonebridge::lego::wdb {

Result<std::unique_ptr<bonebridge::Document>> open(std::span<const std::uint8_t> bytes);

}  // namespace bonebridge::lego::wdb
