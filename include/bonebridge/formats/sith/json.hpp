// SPDX-License-Identifier: MIT
#pragma once
// JSON pieces every Sith kind's `info` and `dump` are made of.
#include <array>
#include <vector>

#include <nlohmann/json.hpp>

#include "bonebridge/formats/sith/dialect.hpp"

namespace bonebridge::sith {

// A float as a JSON number; inf and nan, which JSON has not, as strings.
nlohmann::json json_number(float v);
nlohmann::json json_triple(const std::array<float, 3>& v);
// The reader's notes: line, dialects (a DialectMask), whether the game rejects the file, and the message.
nlohmann::json reader_notes_json(const std::vector<ReaderNote>& notes);

}  // namespace bonebridge::sith
