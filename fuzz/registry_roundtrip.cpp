// SPDX-License-Identifier: MIT
// Every family through the registry, as a user's file reaches it: the first byte picks the extension the file
// is named with (or none: detection by content), the rest is the file. Whatever opens must encode, open again
// and encode to the same bytes (a fixed point after one pass), no exception may escape a Result, and every
// inspection must run.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "bonebridge/registry/registry.hpp"
#include "inspect_document.hpp"

namespace {

struct Named {
  const bonebridge::FormatFamily* family;
  std::string extension;
};

std::vector<Named> every_extension() {
  std::vector<Named> named;
  for (const auto& family : bonebridge::format_families()) {
    for (const auto& extension : family.extensions) named.push_back({&family, extension});
  }
  return named;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::vector<Named> named = every_extension();
  if (size == 0) return 0;
  const std::size_t choice = data[0] % (named.size() + 1);
  const std::span<const std::uint8_t> bytes(data + 1, size - 1);
  bonebridge::Options options;
  const bonebridge::FormatFamily* family = nullptr;
  if (choice < named.size()) {
    family = named[choice].family;
    options.placement.extension = named[choice].extension;  // as the conversion service sets it
  } else {
    family = bonebridge::find_family("", bytes);
    if (!family) return 0;
  }
  const auto opened = family->open(bytes, options);
  inspect_document(opened);
  if (!opened) return 0;
  // What was read must write, and what was written must read and write again to the same bytes.
  const auto written = (*opened)->encode();
  if (!written) std::abort();
  const auto reopened = family->open(*written, options);
  if (!reopened) std::abort();
  const auto rewritten = (*reopened)->encode();
  if (!rewritten) std::abort();
  const auto again = family->open(*rewritten, options);
  if (!again) std::abort();
  const auto last = (*again)->encode();
  if (!last || *last != *rewritten) std::abort();
  return 0;
}
