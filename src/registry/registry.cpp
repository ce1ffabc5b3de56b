// SPDX-License-Identifier: MIT
#include "bonebridge/registry/registry.hpp"

#include <algorithm>
#include <deque>

#include "bonebridge/core/text.hpp"

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

// No exception may leave a library call that returns a Result, whatever a family's code does: each row's
// entry points are wrapped so that one escaping a reader becomes an Error naming the family.
template <class Fn>
void guard_entry(Fn& entry, const std::string& title) {
  if (!entry) return;
  entry = [inner = std::move(entry), title](auto&&... args) {
    return guard(title, [&] { return inner(std::forward<decltype(args)>(args)...); });
  };
}

FormatFamily guarded(FormatFamily row) {
  if (row.sniff) {
    row.sniff = [inner = std::move(row.sniff)](std::span<const std::uint8_t> bytes) {
      try {
        return inner(bytes);
      } catch (...) {
        return false;  // bytes a sniffer cannot even look at belong to no family
      }
    };
  }
  if (row.find_characters) {
    // A family that fails while finding becomes a note; the other families still list theirs.
    row.find_characters = [inner = std::move(row.find_characters),
                           title = row.title](const InstallView& install) {
      try {
        return inner(install);
      } catch (const std::exception& error) {
        return CharacterList{{}, {}, {title + ": finding characters failed: " + error.what()}};
      } catch (...) {
        return CharacterList{{}, {}, {title + ": finding characters failed"}};
      }
    };
  }
  guard_entry(row.open, row.title);
  guard_entry(row.from_core, row.title);
  guard_entry(row.transcode, row.title);
  return row;
}

std::deque<FormatFamily> build_registry() {
  std::deque<FormatFamily> rows;
#ifdef BONEBRIDGE_HAS_LEGO
  rows.push_back(guarded(lego::family()));
#endif
#ifdef BONEBRIDGE_HAS_SITH
  rows.push_back(guarded(sith::family()));
#endif
#ifdef BONEBRIDGE_HAS_LBA
  rows.push_back(guarded(lba::family()));
#endif
#ifdef BONEBRIDGE_HAS_ANIMX
  rows.push_back(guarded(animx::family()));
#endif
#ifdef BONEBRIDGE_HAS_VOLITION
  rows.push_back(guarded(volition::family()));
#endif
  return rows;
}

}  // namespace

std::string lower_extension(const std::filesystem::path& path) {
  return fold_case(path.extension().string());
}

namespace {

// A deque: rows registered later never move the ones that callers already point at.
std::deque<FormatFamily>& rows() {
  static std::deque<FormatFamily> registered = build_registry();
  return registered;
}

}  // namespace

const std::deque<FormatFamily>& format_families() {
  return rows();
}

Status register_family(FormatFamily row) {
  if (row.id.empty() || !row.open)
    return Error{row.title, "a family needs an id and an open function", {}, {}, {}};
  if (find_family_by_id(row.id))
    return Error{row.title, "a family with the id " + row.id + " exists", {}, {}, {}};
  for (const auto& extension : row.extensions) {
    if (find_family_by_extension("x" + extension))
      return Error{row.title, "another family already claims " + extension, {}, {}, {}};
  }
  rows().push_back(guarded(std::move(row)));
  return Ok{};
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
  if (const auto* family = find_family_by_extension(path)) return family;
  for (const auto& family : format_families()) {
    if (family.sniff && family.sniff(bytes)) return &family;
  }
  return nullptr;
}

const FormatFamily* find_family_by_id(std::string_view id) {
  for (const auto& family : format_families()) {
    if (family.id == id) return &family;
  }
  return nullptr;
}

}  // namespace bonebridge
