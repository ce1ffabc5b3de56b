// SPDX-License-Identifier: MIT
#include "bonebridge/formats/lba/entity/names.hpp"

#include <fmt/format.h>

#include <array>
#include <string_view>

namespace bonebridge::lba {
namespace {

constexpr std::array<std::string_view, 13> kBodies = {
    "NORMAL", "TUNIQUE",        "SABRE", "SARBACANE",   "SARBATRON", "GANT",      "PISTOLASER",
    "MAGE",   "MAGE_SARBACANE", "FEU",   "TUNIQUE_TIR", "MAGE_TIR",  "LABYRINTHE"};

constexpr std::array<std::string_view, 48> kAnimations = {"RIEN",
                                                          "MARCHE",
                                                          "RECULE",
                                                          "GAUCHE",
                                                          "DROITE",
                                                          "ENCAISSE",
                                                          "CHOC",
                                                          "TOMBE",
                                                          "RECEPTION",
                                                          "RECEPTION_2",
                                                          "MORT",
                                                          "ACTION",
                                                          "MONTE",
                                                          "ECHELLE",
                                                          "SAUTE",
                                                          "LANCE",
                                                          "CACHE",
                                                          "COUP_1",
                                                          "COUP_2",
                                                          "COUP_3",
                                                          "TROUVE",
                                                          "NOYADE",
                                                          "CHOC2",
                                                          "SABRE",
                                                          "DEGAINE",
                                                          "SAUTE_GAUCHE",
                                                          "SAUTE_DROIT",
                                                          "POUSSE",
                                                          "PARLE",
                                                          "DART",
                                                          "DESCEND",
                                                          "ECHDESC",
                                                          "ARRIMAGE",
                                                          "SKATE",
                                                          "SKATEG",
                                                          "SARBACANE",
                                                          "GANT_DROIT",
                                                          "GANT_GAUCHE",
                                                          "PISTOLASER",
                                                          "FOUDRE",
                                                          "ESQUIVE_DROITE",
                                                          "ESQUIVE_GAUCHE",
                                                          "ESQUIVE_AVANT",
                                                          "ESQUIVE_ARRIERE",
                                                          "FEU",
                                                          "SARBATRON",
                                                          "GAZ",
                                                          "LABYRINTHE"};
constexpr std::size_t kLba1Animations = 25;

}  // namespace

std::string generic_animation_name(std::uint16_t id, Variant variant) {
  const std::size_t known = variant == Variant::Lba1 ? kLba1Animations : kAnimations.size();
  if (id < known) return fmt::format("GEN_ANIM_{} ({})", kAnimations[id], id);
  return fmt::format("generic animation {}", id);
}

std::string generic_body_name(std::uint8_t id) {
  if (id < kBodies.size()) return fmt::format("GEN_BODY_{} ({})", kBodies[id], id);
  return fmt::format("generic body {}", id);
}

}  // namespace bonebridge::lba
