#pragma once
// Every inspection a user can run on an opened document (info, dump, validate, sample): none may crash,
// whatever bytes were accepted.
#include <memory>

#include "bonebridge/registry/family.hpp"

inline void inspect_document(const bonebridge::Result<std::unique_ptr<bonebridge::Document>>& opened) {
  if (!opened) return;
  (void)(*opened)->info().dump();
  (void)(*opened)->dump().dump();
  (void)(*opened)->check(true);
  (void)(*opened)->sample(0.0);
}
