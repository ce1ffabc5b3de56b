// SPDX-License-Identifier: MIT
// FrDT data-tree reader and the slot walk over what it accepts: every refusal carries a byte offset, and
// whatever is accepted can be printed and walked.
#include <cstdint>
#include <cstdlib>

#include "bonebridge/formats/animx/package/codec.hpp"
#include "bonebridge/formats/animx/package/slots.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bonebridge::animx::package;
  const auto tree = read_data_tree({data, size});
  if (!tree.ok()) {
    if (!tree.error().offset) std::abort();
    return 0;
  }
  (void)tree->root.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  const auto slots = read_slots(*tree);
  if (slots.ok() && slots->slots.empty()) std::abort();  // a tree with an Object has its root slot
  return 0;
}
