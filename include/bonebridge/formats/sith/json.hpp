#pragma once
// JSON views of the Sith documents for `info` and `dump`.
#include <nlohmann/json.hpp>

#include "bonebridge/formats/sith/document.hpp"
#include "bonebridge/formats/sith/engine.hpp"

namespace bonebridge::sith {

nlohmann::json key_info(const KeyContent& key);
nlohmann::json key_dump(const KeyFile& key);  // every field, raw flags included, and the reader's notes
nlohmann::json model_info(const ModelContent& model);
nlohmann::json model_dump(const ModelFile& model);
nlohmann::json engine_joint_names(const KeyEngine& engine);

}  // namespace bonebridge::sith
