// SPDX-License-Identifier: MIT
#include "bonebridge/formats/lego/wdb/archive.hpp"
#include "bonebridge/core/text.hpp"

#include <fmt/format.h>

#include <cctype>
#include <set>

#include "bonebridge/formats/lego/wdb/bridge.hpp"
#include "bonebridge/formats/lego/wdb/codec.hpp"
#include "bonebridge/io/byte_reader.hpp"

namespace bonebridge::lego::wdb {
namespace {

// Where an entry's bytes come from: a part made into a file of its own, or a stored blob.
struct Source {
  std::string part;  // empty for a stored blob
  std::uint32_t offset = 0;
  std::uint32_t length = 0;
};

class WdbArchive final : public archive::Archive {
 public:
  WdbArchive(std::vector<std::uint8_t> bytes, Document document)
      : bytes_(std::move(bytes)), document_(std::move(document)) {
    std::set<std::string> taken;
    const auto add = [&](std::string name, Source source, std::uint64_t size) {
      for (int n = 2; !taken.insert(name).second; ++n) name = fmt::format("{}~{}", name, n);
      entries_.push_back({name, size, size, "none"});
      sources_.push_back(std::move(source));
    };
    for (const auto& name : part_names(document_))
      add(name + ".wdb", {name, 0, 0}, part_file(document_, name).size());
    for (const auto& world : document_.worlds) {
      const std::string folder(display_name(world.name));
      for (const auto& part : world.parts)
        add(fmt::format("{}/parts/{}.bin", folder, display_name(part.name)), {"", part.offset, part.length},
            part.length);
      for (const auto& model : world.models)
        add(fmt::format("{}/models/{}.bin", folder, display_name(model.name)),
            {"", model.offset, model.length}, model.length);
    }
  }

  const std::vector<archive::Entry>& entries() const override { return entries_; }

  Result<std::vector<std::uint8_t>> read(std::size_t index) const override {
    if (index >= sources_.size())
      return Error{
          kFormatName, fmt::format("no entry {} (the file has {})", index, sources_.size()), {}, {}, {}};
    const Source& source = sources_[index];
    if (!source.part.empty()) return part_file(document_, source.part);
    // The reader checked that every referenced blob lies inside the file.
    const auto begin = bytes_.begin() + source.offset;
    return std::vector<std::uint8_t>(begin, begin + source.length);
  }

  Result<std::vector<std::uint8_t>> read_stored(std::size_t index) const override { return read(index); }

 private:
  std::vector<std::uint8_t> bytes_;
  Document document_;
  std::vector<archive::Entry> entries_;
  std::vector<Source> sources_;
};

// Whether a WDB holds entries other than itself: a world, or a global part count other than one. A part file
// (part_file below: one global part, no worlds) lists only itself, so it is a file. Bytes too short to tell
// are taken as an archive, for `open` to name what is wrong with them.
bool holds_entries(std::span<const std::uint8_t> bytes) {
  const auto lone_part = capture(kFormatName, [&] {
    ByteReader reader(bytes, kFormatName);  // the layout read() follows
    if (reader.u32("world count") != 0) return false;
    reader.bytes(reader.u32("global texture block size"), "global texture block");
    reader.u32("global part block size");
    reader.u32("texture block offset");
    return reader.u32("ROI count") == 1;
  });
  return !lone_part.ok() || !lone_part.value();
}

}  // namespace

std::vector<std::uint8_t> part_file(const Document& document, std::string_view part) {
  const Roi* roi = find_part(document, part);
  if (roi == nullptr) return {};
  Document out;
  out.global_parts.rois = {*roi};
  const TextureLibrary library = texture_library(document);
  std::set<std::string> added;
  for (const auto& lod : roi->lods) {
    for (const auto& mesh : lod.meshes) {
      const std::string name = fold_case(mesh.properties.texture_name);
      const auto it = library.find(name);
      if (it != library.end() && added.insert(name).second)
        out.global_textures.push_back({name, *it->second, std::nullopt});
    }
  }
  return write(out);
}

const archive::ArchiveKind& wdb_kind() {
  static const archive::ArchiveKind kind{
      "wdb",
      "LEGO Island WORLD.WDB",
      {".wdb"},
      "read only: every part (LOD list) as a WORLD.WDB of its own with the textures it names, listed as "
      "<part>.wdb and addressed by the part's own name too (WORLD.WDB:head or WORLD.WDB:head.wdb), and every "
      "world's part and model blobs as stored (<world>/parts/<name>.bin, <world>/models/<name>.bin); a part "
      "file (one part, no worlds) is a file, not an archive",
      [](std::span<const std::uint8_t>) { return false; },  // no magic: known by its extension
      [](std::vector<std::uint8_t> bytes) -> Result<std::unique_ptr<archive::Archive>> {
        auto document = wdb::read(bytes);
        if (!document.ok()) return document.error();
        return std::unique_ptr<archive::Archive>(
            std::make_unique<WdbArchive>(std::move(bytes), std::move(document).value()));
      },
      {},
      {},  // read from memory only
      holds_entries,
      "a part",
  };
  return kind;
}

}  // namespace bonebridge::lego::wdb
