// SPDX-License-Identifier: MIT
#include "bonebridge/formats/sith/json.hpp"

#include <fmt/format.h>

#include <cmath>

namespace bonebridge::sith {

nlohmann::json json_number(float v) {
  if (std::isfinite(v)) return v;
  return fmt::format("{}", v);
}

nlohmann::json json_triple(const std::array<float, 3>& v) {
  return nlohmann::json::array({json_number(v[0]), json_number(v[1]), json_number(v[2])});
}

nlohmann::json reader_notes_json(const std::vector<ReaderNote>& notes) {
  nlohmann::json out = nlohmann::json::array();
  for (const ReaderNote& note : notes) {
    out.push_back({{"line", note.line},
                   {"dialects", note.dialects},
                   {"engine_rejects", note.engine_rejects},
                   {"message", note.message}});
  }
  return out;
}

}  // namespace bonebridge::sith
