// SPDX-License-Identifier: MIT
#include "batch_index.hpp"

#include <fmt/format.h>

#include <cstdint>

namespace bonebridge::cli {
namespace {

namespace fs = std::filesystem;

std::string escape_html(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

// A relative URL for a file under `out`: each byte outside RFC 3986's unreserved set (and the separator) as
// %XX, so that names with '#', '?', '%' or spaces still lead to their file.
std::string link_to(const fs::path& file, const fs::path& out) {
  const std::string relative = file.lexically_relative(out).generic_string();
  std::string url;
  for (const char c : relative) {
    const auto byte = static_cast<std::uint8_t>(c);
    const bool unreserved = (byte >= 'A' && byte <= 'Z') || (byte >= 'a' && byte <= 'z') ||
                            (byte >= '0' && byte <= '9') || c == '-' || c == '.' || c == '_' || c == '~' ||
                            c == '/';
    url += unreserved ? std::string(1, c) : fmt::format("%{:02X}", byte);
  }
  return url;
}

std::string link_cell(const nlohmann::json& record, const char* path_key, const char* bytes_key,
                      const fs::path& out) {
  if (!record.contains(path_key) || !record.contains(bytes_key)) return "<td></td>";
  const fs::path file = record[path_key].get<std::string>();
  return fmt::format("<td><a href=\"{}\">{}</a> ({} bytes)</td>", escape_html(link_to(file, out)),
                     escape_html(file.lexically_relative(out).generic_string()),
                     record[bytes_key].get<std::size_t>());
}

std::string outcome_cell(const nlohmann::json& record) {
  if (record.contains("error"))
    return "<td class=\"failed\">failed: " + escape_html(record["error"].get<std::string>()) + "</td>";
  if (record.contains("skipped"))
    return "<td>skipped: " + escape_html(record["skipped"].get<std::string>()) + "</td>";
  if (record.contains("character"))
    return fmt::format("<td>{}, {} animations</td>", escape_html(record["format"].get<std::string>()),
                       record["animations"].get<std::size_t>());
  return fmt::format("<td>{}, {} joints, {:.3f} s</td>", escape_html(record["format"].get<std::string>()),
                     record["joints"].get<std::size_t>(), record["duration"].get<double>());
}

constexpr const char* kStyle =
    "body { font: 14px sans-serif; margin: 12px; } table { border-collapse: collapse; } "
    "td, th { border: 1px solid #ccc; padding: 3px 8px; text-align: left; } .failed { color: #b00; }";

}  // namespace

std::string batch_index_page(const std::string& input, const fs::path& out,
                             const std::vector<nlohmann::json>& records) {
  std::size_t written = 0, skipped = 0, failed = 0;
  std::string rows;
  for (const auto& record : records) {
    ++(record.contains("error") ? failed : record.contains("skipped") ? skipped : written);
    rows += "<tr><td>" + escape_html(record.value("input", "")) + "</td>" +
            link_cell(record, "output", "bytes", out) + link_cell(record, "preview", "preview_bytes", out) +
            outcome_cell(record) + "</tr>\n";
  }
  const std::string title = escape_html("bonebridge batch: " + input);
  return fmt::format(
      "<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>{0}</title><style>{1}</style></head>"
      "<body>\n<h1>{0}</h1>\n<p>{2} written, {3} skipped (no glTF form), {4} failed</p>\n<table>\n"
      "<tr><th>Input</th><th>glTF</th><th>Preview</th><th>Result</th></tr>\n{5}</table>\n</body></html>\n",
      title, kStyle, written, skipped, failed, rows);
}

}  // namespace bonebridge::cli
