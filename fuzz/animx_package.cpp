// SPDX-License-Identifier: MIT
// Resonite package reader through the registry Document: every inspection answers, the conversion answers
// (a scene or an error), and an accepted package writes back to its own bytes.
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "bonebridge/formats/animx/package/adapter.hpp"
#include "inspect_document.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bonebridge::animx::package;
  const auto document = bonebridge::animx::package::open({data, size});
  if (!document.ok()) {
    if (document.error().message.empty()) std::abort();
    return 0;
  }
  inspect_document(document);
  (void)(*document)->to_core({});
  const auto bytes = (*document)->encode();
  if (!bytes.ok() || *bytes != std::vector<std::uint8_t>(data, data + size)) std::abort();
  return 0;
}
