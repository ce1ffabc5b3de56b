#include "bonebridge/gltf/options.hpp"
