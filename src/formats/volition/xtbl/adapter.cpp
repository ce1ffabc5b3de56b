// SPDX-License-Identifier: MIT
#include "adapter.hpp"

#include <map>

#include "bonebridge/formats/volition/xtbl/codec.hpp"

namespace bonebridge::volition {
namespace {

class XtblFile : public PoselessDocument {
 public:
  explicit XtblFile(xtbl::Document table)
      : PoselessDocument(kXtblFormat,
                         "an XML table holds no pose or animation; use dump, or `characters` "
                         "on table.vpp_pc"),
        table_(std::move(table)) {}
  std::string format() const override { return "Volition .xtbl (XML table)"; }
  nlohmann::json info() const override;
  nlohmann::json dump() const override;
  Result<std::vector<std::uint8_t>> encode() const override { return xtbl::write(table_); }

 private:
  xtbl::Document table_;
};

std::size_t element_count(const XtblElement& element) {
  std::size_t count = 1;
  for (const auto& child : element.children) count += element_count(child);
  return count;
}

nlohmann::json element_json(const XtblElement& element) {
  nlohmann::json out = {{"element", xtbl_utf8(element.name)}, {"offset", element.offset}};
  if (element.text.find_first_not_of(" \t\r\n") != std::string::npos) out["text"] = xtbl_utf8(element.text);
  if (!element.attributes.empty()) {
    nlohmann::json attributes = nlohmann::json::object();
    for (const auto& [name, value] : element.attributes) attributes[xtbl_utf8(name)] = xtbl_utf8(value);
    out["attributes"] = std::move(attributes);
  }
  if (!element.children.empty()) {
    nlohmann::json children = nlohmann::json::array();
    for (const auto& child : element.children) children.push_back(element_json(child));
    out["children"] = std::move(children);
  }
  return out;
}

nlohmann::json XtblFile::info() const {
  // A table's entries are the children of <Table> (Character, Skeleton_Set, Anim_Set_Filename, ...).
  std::map<std::string, std::size_t> entries;
  if (const auto* table = xtbl_child(table_.root, "Table")) {
    for (const auto& entry : table->children) ++entries[xtbl_utf8(entry.name)];
  }
  nlohmann::json info = {{"format", format()},
                         {"root", xtbl_utf8(table_.root.name)},
                         {"bytes", table_.bytes.size()},
                         {"elements", element_count(table_.root)},
                         {"entries", entries},
                         {"duration", 0.0},
                         {"joints", 0}};
  if (const auto* table = xtbl_child(table_.root, "Table")) {
    if (const auto* set = xtbl_child(*table, "Skeleton_Set")) {
      info["skeleton_set"] = xtbl_utf8(xtbl_text(*set, "Name"));
      info["parent_skeleton"] = xtbl_utf8(xtbl_text(*set, "Parent_Skeleton"));
    }
  }
  return info;
}

nlohmann::json XtblFile::dump() const {
  return {{"bytes", table_.bytes.size()}, {"root", element_json(table_.root)}};
}

}  // namespace

std::unique_ptr<bonebridge::Document> xtbl::open(xtbl::Document table) {
  return std::make_unique<XtblFile>(std::move(table));
}

}  // namespace bonebridge::volition
