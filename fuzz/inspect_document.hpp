// SPDX-License-Identifier: MIT
#pragma once
// Every inspection a user can run on an opened document (info, dump, validate, sample): none may crash,
// whatever bytes were accepted.
#include <memory>

#include "bonebridge/plugin/family.hpp"

// Printed as the tool prints them: names from game files may be any bytes, so text that is not UTF-8 is
// replaced, not an exception.
inline void inspect_document(const bonebridge::Result<std::unique_ptr<bonebridge::Document>>& opened) {
  if (!opened) return;
  constexpr auto replace = nlohmann::json::error_handler_t::replace;
  (void)(*opened)->info().dump(-1, ' ', false, replace);
  (void)(*opened)->dump().dump(-1, ' ', false, replace);
  (void)(*opened)->check(true);
  (void)(*opened)->sample(0.0);
}
