// SPDX-License-Identifier: MIT
// The templates section of a world file and its resolution through base chains: any text reads, resolution
// ends (a base is only ever one read before), and every resolved template has the type the engine requires.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "bonebridge/formats/sith/world/templates.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bonebridge::sith;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  // The same text as a static world and as a level: the level's templates see the static ones.
  const auto section = read_template_section(text);
  const auto world = resolve_templates({{"static.jkl", section}, {"level.jkl", section}});
  for (const auto& resolved : world.templates) {
    if (!resolved.parameters.contains("type")) std::abort();
    if (resolved.chain.size() > world.templates.size()) std::abort();
  }
  return 0;
}
