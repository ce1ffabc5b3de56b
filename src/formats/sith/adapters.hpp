#pragma once
// What family.cpp and the kinds' adapters (key/adapter.cpp, model/adapter.cpp) give each other; private to
// the family.
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "bonebridge/formats/sith/model/document.hpp"
#include "bonebridge/formats/sith/settings.hpp"
#include "bonebridge/registry/family.hpp"

namespace bonebridge::sith {

// The engine advances by the game's frame time: there is no fixed tick.
inline constexpr double kContinuousTick = 0.001;

// family.cpp: the settings, parsed from the tool's options.
Result<Dialect> dialect_option(const Options& options);
Result<BridgeOptions> bridge_options(const Options& options);
// The --model companion read as a .3do, or none when not given.
Result<std::optional<ModelFile>> model_option(const Options& options);

// key/adapter.cpp: a .key (with the --model companion), played as `dialect`.
Result<std::unique_ptr<Document>> open_key(std::span<const std::uint8_t> bytes, Dialect dialect,
                                           const Options& options);
// The first clip of `scene` written as a .key (the only kind written from the core model).
Result<Converted<std::vector<std::uint8_t>>> key_from_core(const Scene& scene, const Options& options);

// model/adapter.cpp: a .3do.
Result<std::unique_ptr<Document>> open_model(std::span<const std::uint8_t> bytes);

}  // namespace bonebridge::sith
