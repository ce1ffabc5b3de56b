// SPDX-License-Identifier: MIT
// The JSON mending around pointer channels (property_channels.hpp): tinygltf 2.7 cannot write or read a
// channel without `target.node`, which KHR_animation_pointer requires.
#include <algorithm>
#include <cstring>
#include <optional>
#include <string>

#include "property_channels.hpp"

namespace bonebridge::gltf {
namespace {

constexpr std::size_t kHeader = 12, kChunkHeader = 8;
constexpr std::uint32_t kJsonChunk = 0x4E4F534A;  // "JSON"

std::uint32_t u32_at(std::span<const std::uint8_t> bytes, std::size_t at) {
  return static_cast<std::uint32_t>(bytes[at]) | static_cast<std::uint32_t>(bytes[at + 1]) << 8 |
         static_cast<std::uint32_t>(bytes[at + 2]) << 16 | static_cast<std::uint32_t>(bytes[at + 3]) << 24;
}

void put_u32(std::vector<std::uint8_t>& bytes, std::size_t at, std::uint32_t value) {
  for (int i = 0; i < 4; ++i)
    bytes[at + static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(value >> (8 * i));
}

bool is_glb(std::span<const std::uint8_t> bytes) {
  return bytes.size() >= 4 && std::memcmp(bytes.data(), "glTF", 4) == 0;
}

// The JSON text of a .gltf, or of a .glb's first chunk: its offset and length in the file; nothing when the
// .glb's header does not hold together.
std::optional<std::pair<std::size_t, std::size_t>> json_span(std::span<const std::uint8_t> file) {
  if (!is_glb(file)) return std::pair<std::size_t, std::size_t>{0, file.size()};
  if (file.size() < kHeader + kChunkHeader || u32_at(file, kHeader + 4) != kJsonChunk) return std::nullopt;
  const std::size_t length = u32_at(file, kHeader);
  if (length > file.size() - kHeader - kChunkHeader) return std::nullopt;
  return std::pair<std::size_t, std::size_t>{kHeader + kChunkHeader, length};
}

// `file` with its JSON text replaced by `json` (a .glb's JSON chunk padded with spaces, its lengths set).
std::vector<std::uint8_t> with_json(std::span<const std::uint8_t> file, std::size_t offset,
                                    std::size_t length, std::string json) {
  if (!is_glb(file)) return {json.begin(), json.end()};
  json.resize((json.size() + 3) / 4 * 4, ' ');
  std::vector<std::uint8_t> out(file.begin(), file.begin() + static_cast<std::ptrdiff_t>(offset));
  out.insert(out.end(), json.begin(), json.end());
  out.insert(out.end(), file.begin() + static_cast<std::ptrdiff_t>(offset + length), file.end());
  put_u32(out, kHeader, static_cast<std::uint32_t>(json.size()));
  put_u32(out, 8, static_cast<std::uint32_t>(out.size()));
  return out;
}

// Applies `mend` to each channel of each animation of the file's JSON; the file unchanged when nothing is
// mended or the JSON does not parse.
template <class Mend>
std::optional<std::vector<std::uint8_t>> mend_channels(std::span<const std::uint8_t> file, bool pretty,
                                                       Mend mend) {
  const auto span = json_span(file);
  if (!span) return std::nullopt;
  const auto* text = reinterpret_cast<const char*>(file.data()) + span->first;
  const std::string_view json_text(text, span->second);
  if (json_text.find("KHR_animation_pointer") == std::string_view::npos) return std::nullopt;
  auto json = nlohmann::json::parse(json_text, nullptr, false);
  if (json.is_discarded() || !json.is_object() || !json.contains("animations") ||
      !json["animations"].is_array())
    return std::nullopt;
  bool mended = false;
  for (auto& animation : json["animations"]) {
    if (animation.is_object() && animation.contains("channels") && animation["channels"].is_array())
      mended |= mend(animation["channels"]);
  }
  if (!mended) return std::nullopt;
  return with_json(file, span->first, span->second, pretty ? json.dump(2) + "\n" : json.dump());
}

}  // namespace

std::vector<std::uint8_t> without_pointer_nodes(std::vector<std::uint8_t> file, bool pretty) {
  auto mended = mend_channels(file, pretty, [](nlohmann::json& channels) {
    bool any = false;
    for (auto& channel : channels) {
      auto& target = channel["target"];
      if (target.value("path", "") == "pointer") any |= target.erase("node") > 0;
    }
    return any;
  });
  return mended ? std::move(*mended) : std::move(file);
}

std::optional<std::vector<std::uint8_t>> without_nodeless_channels(std::span<const std::uint8_t> file) {
  return mend_channels(file, false, [](nlohmann::json& channels) {
    const auto before = channels.size();
    channels.erase(std::remove_if(channels.begin(), channels.end(),
                                  [](const nlohmann::json& channel) {
                                    return !channel.is_object() || !channel.contains("target") ||
                                           !channel["target"].is_object() ||
                                           !channel["target"].contains("node");
                                  }),
                   channels.end());
    return channels.size() != before;
  });
}

}  // namespace bonebridge::gltf
