// SPDX-License-Identifier: MIT
// Reads a .pup; when that succeeds it must write back byte for byte, and the engine's reading of it (modes,
// BasedOn copies, joints) must finish on whatever lines it holds.
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "bonebridge/formats/sith/pup/codec.hpp"
#include "bonebridge/formats/sith/pup/engine.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bonebridge::sith;
  const std::vector<std::uint8_t> bytes(data, data + size);
  auto file = pup::read(bytes);
  if (!file.ok()) return 0;
  if (pup::write(*file) != bytes) std::abort();
  const PuppetClass puppet = load_puppet(*file);
  (void)puppet_keys(puppet);
  return 0;
}
