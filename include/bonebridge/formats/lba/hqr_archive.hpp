#pragma once
// The HQR archive kind under its former name, for code outside the family that still includes it
// (src/registry/archives.cpp); new code includes hqr/archive.hpp.
#include "bonebridge/formats/lba/hqr/archive.hpp"
