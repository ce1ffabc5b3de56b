// SPDX-License-Identifier: MIT
#pragma once
// What the family says about a body: the structural problems that stop it from being used, the diagnostics of
// `validate` (with byte offsets into the body), and its JSON dump.
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "bonebridge/core/conversion.hpp"
#include "bonebridge/formats/lba/body/document.hpp"

namespace bonebridge::lba {

// A parsed body passes these before it is used or reported as one (read() itself accepts any bytes that fit).
std::vector<Error> body_problems(const body::Document& body);
std::vector<Diagnostic> check_body(const body::Document& body);
nlohmann::json body_json(const body::Document& body);

// Unnamed bytes count as a body only when its drawing data decodes too: a static body's short header alone
// would accept too much.
bool recognisable_body(const body::Document& body);

}  // namespace bonebridge::lba
