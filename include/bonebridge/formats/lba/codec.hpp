#pragma once
// The .anm and LBA1 body codecs under their former common name, for code outside the family that still
// includes it (tests/cli/detection_test.cpp); new code includes anm/codec.hpp or body/codec.hpp.
#include "bonebridge/formats/lba/anm/codec.hpp"
#include "bonebridge/formats/lba/body/codec.hpp"
