// SPDX-License-Identifier: MIT
// A program outside the project, built against an installed bonebridge: opens FILE with the registry and
// prints its family and the number of joints of the engine's pose.
#include <bonebridge/services/conversion.hpp>

#include <iostream>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: consumer FILE\n";
    return 2;
  }
  auto input = bonebridge::load_input(argv[1], bonebridge::Options{});
  if (!input) {
    std::cerr << input.error().to_string() << "\n";
    return 1;
  }
  std::cout << input->family->id << " joints: " << input->document->sample(0)->joints.size() << "\n";
  return 0;
}
