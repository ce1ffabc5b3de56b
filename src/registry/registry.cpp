#include "bonebridge/registry/registry.hpp"

#include <algorithm>
#include <cctype>

#ifdef BONEBRIDGE_HAS_LEGO
#include "bonebridge/formats/lego/family.hpp"
#endif
#ifdef BONEBRIDGE_HAS_SITH
#include "bonebridge/formats/sith/family.hpp"
#endif
#ifdef BONEBRIDGE_HAS_LBA
#include "bonebridge/formats/lba/family.hpp"
#endif
#ifdef BONEBRIDGE_HAS_ANIMX
#include "bonebridge/formats/animx/family.hpp"
#endif
#ifdef BONEBRIDGE_HAS_VOLITION
#include "bonebridge/formats/volition/family.hpp"
#endif

namespace bonebridge {
namespace {

std::vector<FormatFamily> build_registry() {
  std::vector<FormatFamily> rows;
#ifdef BONEBRIDGE_HAS_LEGO
  rows.push_back(lego::family());
#endif
#ifdef BONEBRIDGE_HAS_SITH
  rows.push_back(sith::family());
#endif
#ifdef BONEBRIDGE_HAS_LBA
  rows.push_back(lba::family());
#endif
#ifdef BONEBRIDGE_HAS_ANIMX
  rows.push_back(animx::family());
#endif
#ifdef BONEBRIDGE_HAS_VOLITION
  rows.push_back(volition::family());
#endif
  return rows;
}

std::string lower_extension(const std::filesystem::path& path) {
  std::string ext = path.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  return ext;
}

}  // namespace

const std::vector<FormatFamily>& format_families() {
  static const std::vector<FormatFamily> rows = build_registry();
  return rows;
}

const FormatFamily* find_family_by_extension(const std::filesystem::path& path) {
  const std::string ext = lower_extension(path);
  for (const auto& family : format_families()) {
    if (std::find(family.extensions.begin(), family.extensions.end(), ext) != family.extensions.end()) {
      return &family;
    }
  }
  return nullptr;
}

const FormatFamily* find_family(const std::filesystem::path& path, std::span<const std::uint8_t> bytes) {
  for (const auto& family : format_families()) {
    if (family.sniff && family.sniff(bytes)) return &family;
  }
  return find_family_by_extension(path);
}

const FormatFamily* find_family_by_id(std::string_view id) {
  for (const auto& family : format_families()) {
    if (family.id == id) return &family;
  }
  return nullptr;
}

}  // namespace bonebridge
