#pragma once
// The old address of cloth/codec.hpp, kept only while tests/cli/detection_test.cpp (outside this family's
// paths) still includes it; delete it once that include reads "volition/cloth/codec.hpp".
#include "bonebridge/formats/volition/cloth/codec.hpp"
