// SPDX-License-Identifier: MIT
#pragma once
#include <gtest/gtest.h>

#include <string>

#include "bonebridge/formats/sith/key/codec.hpp"
#include "bonebridge/formats/sith/model/codec.hpp"
#include "support/samples.hpp"

namespace bonebridge::sith::testing_support {

inline key::Document load_key(const std::filesystem::path& path) {
  auto file = key::read(::bonebridge::testing::read_bytes(path));
  EXPECT_TRUE(file.ok()) << (file.ok() ? "" : file.error().to_string());
  return file.ok() ? std::move(file).value() : key::Document{};
}

inline model::Document load_model(const std::filesystem::path& path) {
  auto file = model::read(::bonebridge::testing::read_bytes(path));
  EXPECT_TRUE(file.ok()) << (file.ok() ? "" : file.error().to_string());
  return file.ok() ? std::move(file).value() : model::Document{};
}

// The samples and the model each animates (empty when the notes name none).
struct KeySampleCase {
  const char* key;
  const char* model;
};

inline constexpr KeySampleCase kKeyCases[] = {
    {"sith/urgon-testvectors/test_vector_no_markers.key", ""},
    {"sith/ijim-sed-mod/sed_cable_car_door_close.key", "sith/ijim-sed-mod/sed_cable_car.3do"},
    {"sith/ijim-sed-mod/sed_cable_car_rock_fwd.key", "sith/ijim-sed-mod/sed_cable_car.3do"},
    {"sith/ijim-sed-mod/sed_cc_push_button_pressed.key", "sith/ijim-sed-mod/sed_cc_push_button.3do"},
    {"sith/ijim-sed-mod/sed_tram_plat_btn_pressed.key", "sith/ijim-sed-mod/sed_tram_platform.3do"},
    {"sith/ijim-sed-mod/sed_dieselgenerator.key", "sith/ijim-sed-mod/sed_dieselgenerator.3do"},
    {"sith/ijim-sed-mod/sed_pdgo.key", "sith/ijim-sed-mod/sed_pd.3do"},
    {"sith/ijim-sed-mod/sed_pdstand.key", "sith/ijim-sed-mod/sed_pd.3do"},
    {"sith/ijim-sed-mod/sed_pdhit.key", "sith/ijim-sed-mod/sed_pd.3do"},
    {"sith/ijim-sed-mod/sed_in_zip_mount.key", ""},
};

}  // namespace bonebridge::sith::testing_support

// Declares, for one KeySampleCase, `key` and `model` (empty unless `with_model`), skipping the test loudly
// when either file is absent.
#define BONEBRIDGE_LOAD_KEY_CASE(sample)                                             \
  BONEBRIDGE_REQUIRE_SAMPLE(key_path, (sample).key);                                 \
  const key::Document key = ::bonebridge::sith::testing_support::load_key(key_path); \
  model::Document model;                                                             \
  const bool with_model = (sample).model[0] != '\0';                                 \
  if (with_model) {                                                                  \
    BONEBRIDGE_REQUIRE_SAMPLE(model_path, (sample).model);                           \
    model = ::bonebridge::sith::testing_support::load_model(model_path);             \
  }
