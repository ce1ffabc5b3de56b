#pragma once
// Both kinds' codecs, for code outside the family that tells .key from .3do (tests/cli/detection_test.cpp).
// Code in the family includes key/codec.hpp or model/codec.hpp.
#include "bonebridge/formats/sith/key/codec.hpp"
#include "bonebridge/formats/sith/model/codec.hpp"
