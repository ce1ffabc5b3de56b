// SPDX-License-Identifier: MIT
// What a batch converts, from the install view's one listing of the input.
#include "bonebridge/services/batch.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "bonebridge/registry/registry.hpp"
#include "bonebridge/services/addressing.hpp"
#include "bonebridge/services/characters.hpp"

namespace bonebridge {
namespace {

namespace fs = std::filesystem;

// A folder or archive of the view, for its files' output paths.
struct Container {
  fs::path relative;  // the output folder of its entries
  bool numbered;      // its own name names a family (HQR): its entries without an extension are that family's
};

// The view's origin when it is an archive (or an archive's entry): its entries go under a folder of its name.
void add_origin(const InstallView& view, std::map<std::string, Container>& containers) {
  std::error_code ec;
  if (fs::is_directory(view.origin(), ec)) return;
  const std::string& input = view.origin();
  const fs::path named = split_address(input) ? fs::path(input).filename() : fs::path(input);
  containers[input] = {named.filename(), find_family_by_extension(named) != nullptr};
}

// The view's files depth first, each archive's entries in the archive's own order (the view sorts them by
// name: HQR's numbered entries would go 0, 1, 10, 2), so that a batch reports them as the archive holds them.
std::vector<const InstallFile*> in_archive_order(const InstallView& view) {
  std::map<std::string, std::vector<const InstallFile*>> children;
  std::vector<std::string> roots;
  std::set<std::string> archives;
  for (const auto& file : view.files()) {
    auto& siblings = children[file.root];
    if (siblings.empty()) roots.push_back(file.root);
    siblings.push_back(&file);
    if (file.archive) archives.insert(file.address);
  }
  for (auto& [root, siblings] : children) {
    std::stable_sort(siblings.begin(), siblings.end(),
                     [](const InstallFile* a, const InstallFile* b) { return a->index < b->index; });
  }
  std::vector<const InstallFile*> ordered;
  // Nesting is bounded by the addressing rule (kMaxArchiveDepth), and so is this recursion.
  const auto visit = [&](const std::string& root, const auto& self) -> void {
    for (const InstallFile* file : children[root]) {
      ordered.push_back(file);
      if (file->archive) self(file->address, self);
    }
  };
  for (const auto& root : roots) {
    if (!archives.contains(root)) visit(root, visit);
  }
  return ordered;
}

}  // namespace

std::vector<BatchItem> batch_items(const InstallView& view) {
  std::map<std::string, Container> containers;
  add_origin(view, containers);
  std::vector<BatchItem> items;
  for (const InstallFile* listed : in_archive_order(view)) {
    const InstallFile& file = *listed;
    const auto container = containers.find(file.root);
    const fs::path relative =
        container == containers.end() ? fs::path(file.path) : container->second.relative / file.path;
    if (file.archive) {
      containers[file.address] = {relative, find_family_by_extension(file.path) != nullptr};
      continue;
    }
    // Named entries with another extension in a numbered archive (WORLD.WDB's stored .bin blobs) are no
    // one's.
    const bool numbered = container != containers.end() && container->second.numbered &&
                          fs::path(file.path).extension().empty();
    if (!find_family_by_extension(file.path) && !numbered) continue;
    items.push_back({file.address, relative, nullptr, file.size});
  }
  return items;
}

namespace {

// Whether a batch item stays a lone item beside the characters: a family listed it as belonging to no
// character, or its family (by its name's extension) defines no characters at all.
bool converts_alone(const BatchItem& item, const std::set<std::string>& lone) {
  if (lone.contains(item.input)) return true;
  const auto split = split_address(item.input);
  const std::string name = split && !split->entries.empty() ? split->entries.back() : item.input;
  const FormatFamily* family = find_family_by_extension(fs::path(name).filename());
  return family && !family->find_characters;
}

}  // namespace

std::vector<BatchItem> character_batch(const CharacterList& list, std::vector<BatchItem> items) {
  std::vector<BatchItem> planned;
  for (const auto& character : list.characters) {
    if (absent_from_install(character)) continue;
    planned.push_back({"character " + character.name, safe_file_name(character.name), &character});
  }
  std::set<std::string> lone;
  for (const auto& file : list.lone) lone.insert(file.file);
  const auto used = character_files(list);
  for (auto& item : items) {
    if (!used.contains(item.input) && converts_alone(item, lone)) planned.push_back(std::move(item));
  }
  return planned;
}

}  // namespace bonebridge
