#include <cstdio>

#include "bonebridge/registry/registry.hpp"

int main() {
  for (const auto& family : bonebridge::format_families()) std::printf("%s\n", family.id.c_str());
  return 0;
}
