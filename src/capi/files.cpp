// SPDX-License-Identifier: MIT
#include "files.hpp"

#include <filesystem>
#include <string>

#include "bonebridge/core/text.hpp"
#include "guard.hpp"

namespace bonebridge::capi {
namespace {

namespace fs = std::filesystem;

enum Kind : std::int32_t { kNothing = 0, kFile = 1, kFolder = 2 };

// Addresses are UTF-8 on every system: through char8_t, a path neither gains nor loses characters in the
// system's code page (Windows).
fs::path path_of(const std::string& address) {
  return fs::path(std::u8string(address.begin(), address.end()));
}

std::string address_of(const fs::path& path) {
  const std::u8string text = path.u8string();
  return std::string(text.begin(), text.end());
}

// The same folders and names as NearbyFiles finds on disk (io/nearby.cpp), asked of the caller.
class CallerFiles final : public NearbyFiles {
 public:
  explicit CallerFiles(const bb_files& files) : files_(files) {}

  std::optional<std::string> folder_near(const std::string& address,
                                         const std::string& relative) const override {
    if (kind(address) != kFile) return std::nullopt;
    const fs::path parent = path_of(address).parent_path();
    fs::path folder = ((parent.empty() ? fs::path(".") : parent) / path_of(relative)).lexically_normal();
    if (!folder.has_filename() && folder.has_parent_path()) folder = folder.parent_path();  // "mat/" as "mat"
    if (kind(address_of(folder)) != kFolder) return std::nullopt;
    return address_of(folder);
  }

  bool is_folder(const std::string& folder) const override { return kind(folder) == kFolder; }

  std::optional<std::string> find(const std::string& folder, const std::string& name) const override {
    // A name is a file's name, never a path: a .3do or .pup cannot reach outside the folder.
    if (name.find_first_of("/\\") != std::string::npos || name == "." || name == "..") return std::nullopt;
    const std::string exact = address_of(path_of(folder) / path_of(name));
    if (kind(exact) == kFile) return exact;
    const std::string wanted = fold_case(name);
    for (const std::string& listed : names_in(folder)) {
      const std::string candidate = address_of(path_of(folder) / path_of(listed));
      if (fold_case(listed) == wanted && kind(candidate) == kFile) return candidate;
    }
    return std::nullopt;
  }

  Result<std::vector<std::uint8_t>> read(const std::string& address) const override {
    bb_sink sink;
    if (files_.read != nullptr && files_.read(files_.context, address.c_str(), &sink) == 0)
      return std::move(sink.bytes);
    std::string why(sink.bytes.begin(), sink.bytes.end());
    return Error{"", why.empty() ? "cannot be read" : why, {}, {}, address};
  }

 private:
  std::int32_t kind(const std::string& address) const {
    return files_.kind == nullptr ? kNothing : files_.kind(files_.context, address.c_str());
  }

  std::vector<std::string> names_in(const std::string& folder) const {
    bb_sink sink;
    std::vector<std::string> names;
    if (files_.list == nullptr || files_.list(files_.context, folder.c_str(), &sink) != 0) return names;
    std::string name;
    for (const auto byte : sink.bytes) {
      if (byte != 0) {
        name += static_cast<char>(byte);
      } else if (!name.empty()) {
        names.push_back(std::move(name));
        name.clear();
      }
    }
    if (!name.empty()) names.push_back(std::move(name));
    return names;
  }

  bb_files files_;
};

// No files besides those given: nothing is a file or a folder, nothing reads.
class NoFiles final : public NearbyFiles {
 public:
  std::optional<std::string> folder_near(const std::string&, const std::string&) const override {
    return std::nullopt;
  }
  bool is_folder(const std::string&) const override { return false; }
  std::optional<std::string> find(const std::string&, const std::string&) const override {
    return std::nullopt;
  }
  Result<std::vector<std::uint8_t>> read(const std::string& address) const override {
    return Error{"", "no file is read beside the input (no bb_files given)", {}, {}, address};
  }
};

}  // namespace

std::shared_ptr<const NearbyFiles> caller_files(const bb_files* files) {
  if (files == nullptr) return std::make_shared<const NoFiles>();
  return std::make_shared<const CallerFiles>(*files);
}

}  // namespace bonebridge::capi

extern "C" bb_status bb_sink_append(bb_sink* sink, const void* data, size_t size) {
  return bonebridge::capi::guarded([&] {
    bonebridge::capi::required(sink, "sink");
    const auto* bytes = static_cast<const std::uint8_t*>(data);
    if (bytes == nullptr && size > 0) throw bonebridge::capi::ArgumentError{"data is NULL"};
    if (size > 0) sink->bytes.insert(sink->bytes.end(), bytes, bytes + size);
  });
}
