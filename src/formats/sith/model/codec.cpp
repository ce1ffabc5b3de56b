// SPDX-License-Identifier: MIT
// The parts of a .3do a skeleton needs (research/sith-key.md §3): geoset 0's meshes and the HIERARCHYDEF
// rows `num: flags type mesh parent child sibling numChildren x y z pitch yaw roll pivotx pivoty pivotz
// name`. Everything else is kept only as source text. The engine reads .3do through the same line reader as
// .key.
#include <fmt/format.h>

#include <cmath>
#include <initializer_list>
#include <optional>
#include <string>

#include "bonebridge/formats/sith/line_reader.hpp"
#include "bonebridge/formats/sith/model/codec.hpp"
#include "bonebridge/formats/sith/text_format.hpp"
#include "bonebridge/io/text.hpp"

namespace bonebridge::sith {
namespace {

constexpr std::size_t kMinRowBytes = 2;  // a row is at least one character and its newline

class ModelParser {
 public:
  explicit ModelParser(std::string_view text) : reader_(text, kModelFormat) {}

  ModelContent parse() {
    bool saw_hierarchy = false;
    while (auto line = reader_.next()) {
      if (auto version = after(*line, {"3do"})) {
        content_.version = require(*line, version->word(), "a version after \"3DO\"");
      } else if (auto materials = after(*line, {"materials"})) {
        read_materials(*line, *materials);
      } else if (auto geoset = after(*line, {"geoset"})) {
        geoset_ = static_cast<int>(require(*line, geoset->decimal(), "a geoset number"));
        in_mesh_ = false;
      } else if (auto mesh_line = after(*line, {"mesh"})) {
        start_mesh(*line, *mesh_line);
      } else if (auto name_line = after(*line, {"name"})) {
        if (ModelMesh* mesh = current_mesh())
          mesh->name = require(*line, name_line->original_word(), "a mesh name");
      } else if (auto vertices = after(*line, {"vertices"})) {
        read_vertices(*line, *vertices);
      } else if (auto texture = after(*line, {"texture", "vertices"})) {
        read_texture_vertices(*line, *texture);
      } else if (after(*line, {"vertex", "normals"})) {
        skip_rows(*line, static_cast<std::int64_t>(vertex_count_), "VERTEX NORMALS");
      } else if (auto faces = after(*line, {"faces"})) {
        read_faces(*line, *faces);
      } else if (after(*line, {"face", "normals"})) {
        skip_rows(*line, static_cast<std::int64_t>(face_count_), "FACE NORMALS");
      } else if (auto hierarchy = after(*line, {"hierarchy", "nodes"})) {
        read_hierarchy(*line, *hierarchy);
        saw_hierarchy = true;
      }
    }
    if (!saw_hierarchy) reader_.fail_at_end("a HIERARCHYDEF section with \"HIERARCHY NODES <count>\"");
    check_hierarchy();
    return std::move(content_);
  }

 private:
  // A scanner placed after `words` when the line starts with exactly those keywords.
  static std::optional<LineScanner> after(const LogicalLine& line,
                                          std::initializer_list<std::string_view> words) {
    LineScanner scan(line);
    for (std::string_view word : words) {
      if (!scan.literal(word) || !scan.at_word_end()) return std::nullopt;
    }
    return scan;
  }

  [[noreturn]] void fail(const LogicalLine& line, std::string_view expected) {
    reader_.fail(line, fmt::format("expected {}, found \"{}\"", expected, line.original));
  }

  template <class Value>
  Value require(const LogicalLine& line, std::optional<Value> value, std::string_view expected) {
    if (!value) reader_.fail(line, fmt::format("expected {}, found \"{}\"", expected, line.original));
    return *value;
  }

  std::size_t checked_count(const LogicalLine& line, std::int64_t count, std::string_view what) {
    if (count < 0 || static_cast<std::uint64_t>(count) > reader_.remaining_bytes() / kMinRowBytes) {
      reader_.fail(
          line, fmt::format("{} {} cannot fit in the {} bytes left", what, count, reader_.remaining_bytes()));
    }
    return static_cast<std::size_t>(count);
  }

  LogicalLine row(std::string_view what) {
    auto line = reader_.next();
    if (!line) reader_.fail_at_end(fmt::format("expected a {} row", what));
    return std::move(*line);
  }

  ModelMesh* current_mesh() { return geoset_ == 0 && in_mesh_ ? &content_.meshes.back() : nullptr; }

  void start_mesh(const LogicalLine& line, LineScanner& scan) {
    const auto index = static_cast<std::int32_t>(require(line, scan.decimal(), "a mesh number"));
    in_mesh_ = true;
    if (geoset_ != 0) return;
    if (index != static_cast<std::int32_t>(content_.meshes.size())) {
      reader_.fail(line, fmt::format("expected MESH {}, found MESH {}", content_.meshes.size(), index));
    }
    content_.meshes.push_back(ModelMesh{index, {}, {}, {}, {}});
  }

  void read_vertices(const LogicalLine& line, LineScanner& scan) {
    vertex_count_ = checked_count(line, require(line, scan.decimal(), "a vertex count"), "VERTICES");
    ModelMesh* mesh = current_mesh();
    if (mesh) mesh->vertices.reserve(vertex_count_);
    for (std::size_t i = 0; i < vertex_count_; ++i) {
      LogicalLine r = row("vertex");
      LineScanner s(r);
      require(r, s.decimal(), "a vertex number");
      if (!s.literal_here(":")) fail(r, "\"num:\"");
      std::array<float, 3> v{};
      for (float& c : v) c = require(r, s.real(), "vertex x y z");
      if (mesh) mesh->vertices.push_back(v);
    }
  }

  void read_materials(const LogicalLine& line, LineScanner& scan) {
    const std::size_t count =
        checked_count(line, require(line, scan.decimal(), "a material count"), "MATERIALS");
    content_.materials.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
      LogicalLine r = row("material");
      LineScanner s(r);
      require(r, s.decimal(), "a material number");
      if (!s.literal_here(":")) fail(r, "\"num:\"");
      content_.materials.push_back(require(r, s.original_word(), "a material file name"));
    }
  }

  void read_texture_vertices(const LogicalLine& line, LineScanner& scan) {
    const std::size_t count =
        checked_count(line, require(line, scan.decimal(), "a texture vertex count"), "TEXTURE VERTICES");
    ModelMesh* mesh = current_mesh();
    if (mesh) mesh->texture_vertices.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
      LogicalLine r = row("texture vertex");
      LineScanner s(r);
      require(r, s.decimal(), "a texture vertex number");
      if (!s.literal_here(":")) fail(r, "\"num:\"");
      std::array<float, 2> uv{};
      for (float& c : uv) c = require(r, s.real(), "texture vertex u v");
      if (mesh) mesh->texture_vertices.push_back(uv);
    }
  }

  void read_faces(const LogicalLine& line, LineScanner& scan) {
    face_count_ = checked_count(line, require(line, scan.decimal(), "a face count"), "FACES");
    ModelMesh* mesh = current_mesh();
    if (mesh) mesh->faces.reserve(face_count_);
    for (std::size_t i = 0; i < face_count_; ++i) {
      LogicalLine r = row("face");
      LineScanner s(r);
      require(r, s.decimal(), "a face number");
      if (!s.literal_here(":")) fail(r, "\"num:\"");
      ModelFace face;
      face.material = static_cast<std::int32_t>(require(r, s.decimal(), "a face material"));
      face.type = require(r, s.hexadecimal(), "face type");
      for (const char* field : {"geometry mode", "lighting mode", "texture mode"})
        require(r, s.decimal(), field);
      require(r, s.word(), "extra light");
      const std::size_t count =
          checked_count(r, require(r, s.decimal(), "a face vertex count"), "face vertices");
      face.vertices.reserve(count);
      for (std::size_t v = 0; v < count; ++v) {
        const auto index = require(r, s.decimal(), "a face vertex index");
        if (index < 0 || static_cast<std::size_t>(index) >= vertex_count_) {
          reader_.fail(
              r, fmt::format("face vertex index {} is outside the mesh's {} vertices", index, vertex_count_));
        }
        face.vertices.push_back(static_cast<std::int32_t>(index));
        if (s.literal(",")) {
          face.texture_vertices.push_back(
              static_cast<std::int32_t>(require(r, s.decimal(), "a texture vertex index")));
        }
      }
      if (mesh) mesh->faces.push_back(std::move(face));
    }
  }

  void skip_rows(const LogicalLine& line, std::int64_t count, std::string_view what) {
    const std::size_t rows = checked_count(line, count, what);
    for (std::size_t i = 0; i < rows; ++i) row(what);
  }

  void read_hierarchy(const LogicalLine& line, LineScanner& scan) {
    const std::size_t count =
        checked_count(line, require(line, scan.decimal(), "a hierarchy node count"), "HIERARCHY NODES");
    content_.hierarchy.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
      LogicalLine r = row("hierarchy node");
      LineScanner s(r);
      HierarchyNode node;
      node.num = static_cast<std::int32_t>(require(r, s.decimal(), "a node number"));
      if (!s.literal_here(":")) fail(r, "\"num:\"");
      node.flags = require(r, s.hexadecimal(), "node flags (hex)");
      node.type = require(r, s.hexadecimal(), "node type (hex)");
      for (std::int32_t* field : {&node.mesh, &node.parent, &node.child, &node.sibling, &node.num_children}) {
        *field = static_cast<std::int32_t>(require(r, s.decimal(), "mesh parent child sibling numChildren"));
      }
      for (float& v : node.position) v = require(r, s.real(), "x y z");
      for (float& v : node.rotation) v = require(r, s.real(), "pitch yaw roll");
      for (float& v : node.pivot) v = require(r, s.real(), "pivot x y z");
      node.name = require(r, s.original_word(), "a node name");
      node.source_begin = r.offset;
      node.source_end = reader_.offset();
      rows_.push_back(std::move(r));
      content_.hierarchy.push_back(std::move(node));
    }
  }

  void check_hierarchy() {
    check_links();
    check_chains();
  }

  // Every parent and mesh index in range, for all nodes before any chain is walked: a chain may climb to a
  // node further down the list.
  void check_links() {
    const auto count = static_cast<std::int32_t>(content_.hierarchy.size());
    for (std::size_t i = 0; i < content_.hierarchy.size(); ++i) {
      const HierarchyNode& node = content_.hierarchy[i];
      if (node.parent < -1 || node.parent >= count || node.parent == static_cast<std::int32_t>(i)) {
        reader_.fail(rows_[i],
                     fmt::format("parent {} is not -1 or another of the {} nodes", node.parent, count));
      }
      if (node.mesh < -1 || node.mesh >= static_cast<std::int32_t>(content_.meshes.size())) {
        reader_.fail(rows_[i], fmt::format("mesh {} is not -1 or one of geoset 0's {} meshes", node.mesh,
                                           content_.meshes.size()));
      }
    }
  }

  // Walking up from any node must reach a root within `count` steps, or the parents form a cycle.
  void check_chains() {
    const auto count = static_cast<std::int32_t>(content_.hierarchy.size());
    for (std::size_t i = 0; i < content_.hierarchy.size(); ++i) {
      std::int32_t at = content_.hierarchy[i].parent;
      for (std::int32_t steps = 0; at >= 0; ++steps) {
        if (steps > count) reader_.fail(rows_[i], "the parent chain of this node forms a cycle");
        at = content_.hierarchy[static_cast<std::size_t>(at)].parent;
      }
    }
  }

  LineReader reader_;
  ModelContent content_;
  std::vector<LogicalLine> rows_;
  int geoset_ = -1;
  bool in_mesh_ = false;
  std::size_t vertex_count_ = 0;
  std::size_t face_count_ = 0;
};

bool same(const std::array<float, 3>& a, const std::array<float, 3>& b) {
  for (std::size_t i = 0; i < 3; ++i) {
    if (!(a[i] == b[i] || (std::isnan(a[i]) && std::isnan(b[i])))) return false;
  }
  return true;
}

bool same_node(const HierarchyNode& a, const HierarchyNode& b) {
  return a.num == b.num && a.flags == b.flags && a.type == b.type && a.mesh == b.mesh &&
         a.parent == b.parent && a.child == b.child && a.sibling == b.sibling &&
         a.num_children == b.num_children && same(a.position, b.position) && same(a.rotation, b.rotation) &&
         same(a.pivot, b.pivot) && a.name == b.name;
}

bool same_meshes(const std::vector<ModelMesh>& a, const std::vector<ModelMesh>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t m = 0; m < a.size(); ++m) {
    if (a[m].index != b[m].index || a[m].name != b[m].name || a[m].vertices.size() != b[m].vertices.size() ||
        a[m].faces.size() != b[m].faces.size()) {
      return false;
    }
    for (std::size_t v = 0; v < a[m].vertices.size(); ++v) {
      if (!same(a[m].vertices[v], b[m].vertices[v])) return false;
    }
    if (a[m].texture_vertices.size() != b[m].texture_vertices.size()) return false;
    for (std::size_t v = 0; v < a[m].texture_vertices.size(); ++v) {
      const auto& ua = a[m].texture_vertices[v];
      const auto& ub = b[m].texture_vertices[v];
      if (!same({ua[0], ua[1], 0}, {ub[0], ub[1], 0})) return false;
    }
    for (std::size_t f = 0; f < a[m].faces.size(); ++f) {
      const ModelFace& fa = a[m].faces[f];
      const ModelFace& fb = b[m].faces[f];
      if (fa.material != fb.material || fa.type != fb.type || fa.vertices != fb.vertices ||
          fa.texture_vertices != fb.texture_vertices) {
        return false;
      }
    }
  }
  return true;
}

// The column layout blender-sith writes, so that an edited row lines up with the others.
std::string hierarchy_row(const HierarchyNode& n) {
  std::string row = fmt::format("{:6d}:  0x{:04X} 0x{:05X} {:8d} {:8d} {:7d} {:9d} {:13d}", n.num, n.flags,
                                n.type, n.mesh, n.parent, n.child, n.sibling, n.num_children);
  for (const auto* values : {&n.position, &n.rotation, &n.pivot}) {
    for (float v : *values) {
      row += ' ';  // appended piece by piece: `" " + string` trips GCC 12's -Wrestrict at -O3
      row += fixed_float(v, 10, 6);
    }
  }
  // A name ending in a backslash would join the next line (line continuation): a trailing space prevents it.
  return row + "  " + n.name + (!n.name.empty() && n.name.back() == '\\' ? " \n" : "\n");
}

}  // namespace

bool same_content(const ModelContent& a, const ModelContent& b) {
  if (a.version != b.version || a.materials != b.materials || a.hierarchy.size() != b.hierarchy.size())
    return false;
  for (std::size_t i = 0; i < a.hierarchy.size(); ++i) {
    if (!same_node(a.hierarchy[i], b.hierarchy[i])) return false;
  }
  return same_meshes(a.meshes, b.meshes);
}

Result<model::Document> model::read(std::string_view text) {
  return capture(kModelFormat, [&] {
    model::Document file;
    file.content = ModelParser(text).parse();
    file.source_content = file.content;
    file.source_text = std::string(text);
    return file;
  });
}

Result<model::Document> model::read(std::span<const std::uint8_t> bytes) {
  return model::read(as_text(bytes));
}

Result<std::vector<std::uint8_t>> model::write(const model::Document& file) {
  const ModelContent& now = file.content;
  const ModelContent& was = file.source_content;
  if (file.source_text.empty()) {
    return Error{std::string(kModelFormat), "writing a .3do from scratch is not supported", {}, {}, {}};
  }
  if (now.version != was.version || now.materials != was.materials || !same_meshes(now.meshes, was.meshes) ||
      now.hierarchy.size() != was.hierarchy.size()) {
    return Error{std::string(kModelFormat),
                 "only HIERARCHYDEF rows can be edited: meshes, the version and the node count must stay",
                 {},
                 {},
                 {}};
  }
  std::string out;
  std::size_t copied = 0;
  for (std::size_t i = 0; i < now.hierarchy.size(); ++i) {
    const HierarchyNode& node = was.hierarchy[i];
    if (same_node(now.hierarchy[i], node)) continue;
    out.append(file.source_text, copied, node.source_begin - copied);
    out += hierarchy_row(now.hierarchy[i]);
    copied = node.source_end;
  }
  out.append(file.source_text, copied);
  return std::vector<std::uint8_t>(out.begin(), out.end());
}

}  // namespace bonebridge::sith
