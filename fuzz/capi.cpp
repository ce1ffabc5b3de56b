// SPDX-License-Identifier: MIT
// The public C ABI (include/bonebridge/bonebridge.h) as a caller in another language uses it: the first byte
// picks a kind of call from the ABI's own list (bb_formats): open a document by each extension of each
// family, by content, or forced to a family by id; list and read an archive of each container extension;
// write each family's kinds from glTF bytes; retarget a motion onto each family's kinds. The next bytes pick
// the arguments (a setting with a good or a malformed value, a companion given as bytes or by address through
// bb_files callbacks, times including NaN, infinities and huge values, joint capacities one short, NULL
// outputs); the rest is the file. Every query, sample and conversion runs on what opens. Any crash, leak or
// sanitizer report is a finding, and so is:
// - a status outside the documented set, or BB_ERROR_INTERNAL (an exception the library did not expect);
// - a failure whose last-error text is empty or whose bb_last_error disagrees, a success that leaves one;
// - BB_ERROR_ARGUMENT where every argument was good, or anything else where one was NULL or too small;
// - a JSON output (info, dump, validate, notes, formats, a listing) that does not parse.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "bonebridge/bonebridge.h"

namespace {

// ---- What the ABI accepts, read once from bb_formats ----

struct Setting {
  std::string name;
  std::string kind;  // "integer", "number", "choice", "text", "file", "flag"
  std::vector<std::string> choices;
};

struct Family {
  std::string id;
  std::vector<std::string> extensions;
  std::vector<Setting> settings;
  std::vector<std::string> companions;  // the settings that name a companion file
};

enum class Call { OpenByName, OpenByContent, OpenForced, Archive, FromGltf, Retarget };

struct Kind {
  Call call;
  const Family* family;   // nullptr for OpenByContent and Archive
  std::string extension;  // the name's extension ("" for none)
};

struct Catalogue {
  std::vector<Family> families;
  std::vector<Kind> kinds;
  std::vector<std::string> every_extension;  // for companions' names
};

Setting setting_of(const nlohmann::json& row) {
  Setting setting{row.at("name").get<std::string>(), row.value("kind", std::string("text")), {}};
  if (row.contains("choices")) setting.choices = row.at("choices").get<std::vector<std::string>>();
  return setting;
}

Family family_of(const nlohmann::json& row) {
  Family family{
      row.at("id").get<std::string>(), row.at("extensions").get<std::vector<std::string>>(), {}, {}};
  for (const auto& setting : row.value("settings", nlohmann::json::array()))
    family.settings.push_back(setting_of(setting));
  family.companions = row.value("companions", std::vector<std::string>{});
  return family;
}

// The kinds point into catalogue.families, complete by now (and moved, not copied, with the catalogue).
void add_kinds(Catalogue& catalogue, const std::vector<std::string>& container_extensions) {
  for (const auto& family : catalogue.families) {
    for (const auto& extension : family.extensions)
      catalogue.kinds.push_back({Call::OpenByName, &family, extension});
    catalogue.kinds.push_back({Call::OpenForced, &family, ""});
  }
  catalogue.kinds.push_back({Call::OpenByContent, nullptr, ""});
  for (const auto& extension : container_extensions)
    catalogue.kinds.push_back({Call::Archive, nullptr, extension});
  for (const auto& family : catalogue.families) {
    for (const auto& extension : family.extensions)
      catalogue.kinds.push_back({Call::FromGltf, &family, extension});
  }
  for (const auto& family : catalogue.families) {
    for (const auto& extension : family.extensions)
      catalogue.kinds.push_back({Call::Retarget, &family, extension});
  }
}

Catalogue read_catalogue() {
  bb_buffer json{};
  if (bb_formats(&json) != BB_OK) std::abort();
  const auto rows = nlohmann::json::parse(reinterpret_cast<const char*>(json.data));
  bb_buffer_free(&json);
  Catalogue catalogue;
  std::vector<std::string> container_extensions;
  for (const auto& row : rows) {
    const auto extensions = row.at("extensions").get<std::vector<std::string>>();
    if (row.value("container", false)) {
      container_extensions.insert(container_extensions.end(), extensions.begin(), extensions.end());
    } else {
      catalogue.families.push_back(family_of(row));
    }
    catalogue.every_extension.insert(catalogue.every_extension.end(), extensions.begin(), extensions.end());
  }
  catalogue.every_extension.push_back("");
  add_kinds(catalogue, container_extensions);
  return catalogue;
}

const Catalogue& catalogue() {
  static const Catalogue once = read_catalogue();
  return once;
}

// ---- The input: a header of argument bytes, then the file (and a companion at its end) ----

struct Header {
  std::uint8_t kind, flags, setting, setting_value, companion, companion_name;
  std::uint16_t companion_size;
  std::uint8_t time_count, time_choice[3], entry;
  double raw_time;
};
constexpr std::size_t kHeaderSize = 21;

enum Flag : std::uint8_t {
  kBinary = 1,
  kMesh = 2,
  kStrict = 4,
  kWithSetting = 8,
  kWithCompanion = 16,
  kCompanionByAddress = 32,  // through bb_files rather than bb_companion
  kNoNames = 64,             // sample without names, some arrays NULL
  kShortCapacity = 128,      // sample into arrays one joint too small
};

Header header_of(const std::uint8_t* data) {
  Header header{};
  header.kind = data[0], header.flags = data[1], header.setting = data[2], header.setting_value = data[3];
  header.companion = data[4], header.companion_name = data[5];
  header.companion_size = static_cast<std::uint16_t>(data[6] | data[7] << 8);
  header.time_count = data[8] % 4;
  std::memcpy(header.time_choice, data + 9, 3);
  header.entry = data[12];
  std::memcpy(&header.raw_time, data + 13, sizeof(double));
  return header;
}

// ---- Status checks ----

constexpr std::uint32_t bit(bb_status status) {
  return 1u << static_cast<unsigned>(status);
}
// What a call with good arguments may answer: the input does not parse, a setting is malformed, memory.
constexpr std::uint32_t kGood =
    bit(BB_OK) | bit(BB_ERROR_INPUT) | bit(BB_ERROR_SETTINGS) | bit(BB_ERROR_MEMORY);
constexpr std::uint32_t kArgument = bit(BB_ERROR_ARGUMENT);

void check(bb_status status, std::uint32_t allowed) {
  if (status < BB_OK || status > BB_ERROR_INTERNAL || !(allowed & bit(status))) std::abort();
  const char* text = bb_last_error_text();
  if (text == nullptr) std::abort();
  bb_error error{};
  if (bb_last_error(&error) != BB_OK || error.status != status) std::abort();
  if (status == BB_OK) {
    if (*text != '\0') std::abort();  // a success leaves no error behind
  } else if (*text == '\0' || std::strcmp(text, error.text) != 0) {
    std::abort();
  }
}

// A JSON output: '\0' after its bytes, and it parses.
void check_json(const bb_buffer& buffer) {
  if (buffer.data == nullptr || buffer.data[buffer.size] != 0) std::abort();
  const auto* text = reinterpret_cast<const char*>(buffer.data);
  if (!nlohmann::json::accept(text, text + buffer.size)) std::abort();
}

// A call filling one JSON buffer, freed after.
template <class Body>
void json_call(Body&& call, std::uint32_t allowed = kGood) {
  bb_buffer json{};
  const bb_status status = call(&json);
  check(status, allowed);
  if (status == BB_OK) check_json(json);
  bb_buffer_free(&json);
}

// ---- Files beside the input, through the caller's callbacks: one folder with the input and a companion ----

struct MemoryFiles {
  std::map<std::string, std::span<const std::uint8_t>> files;  // "dir/name" -> bytes
};

int32_t files_kind(void* context, const char* address) {
  const auto& files = static_cast<MemoryFiles*>(context)->files;
  if (files.contains(address)) return 1;
  return std::strcmp(address, "dir") == 0 ? 2 : 0;
}

int32_t files_list(void* context, const char* folder, bb_sink* names) {
  if (std::strcmp(folder, "dir") != 0) return 1;
  for (const auto& [address, bytes] : static_cast<MemoryFiles*>(context)->files) {
    const std::string name = address.substr(4);
    if (bb_sink_append(names, name.c_str(), name.size() + 1) != BB_OK) std::abort();
  }
  return 0;
}

int32_t files_read(void* context, const char* address, bb_sink* bytes) {
  const auto& files = static_cast<MemoryFiles*>(context)->files;
  const auto found = files.find(address);
  if (found == files.end()) {
    const char why[] = "no such file";
    if (bb_sink_append(bytes, why, sizeof why - 1) != BB_OK) std::abort();
    return 1;
  }
  return bb_sink_append(bytes, found->second.data(), found->second.size()) == BB_OK ? 0 : 1;
}

// ---- Arguments drawn from the header ----

std::string value_for(const Setting& setting, std::uint8_t choice, double raw) {
  static const char* const malformed[] = {"",    "x",     "-1",      "nan", "inf",   "1e999", "0",   "1",
                                          "0.5", "2e-06", "1000000", "-0",  "1/512", "head",  "a:b", "../x"};
  if (!setting.choices.empty() && choice < setting.choices.size() * 2) {
    return setting.choices[choice % setting.choices.size()];
  }
  if (choice % 4 == 0) return std::to_string(raw);
  return malformed[(choice / 4) % std::size(malformed)];
}

struct Arguments {
  std::vector<bb_setting> settings;
  std::vector<bb_companion> companions;
  std::vector<std::string> texts;  // what the settings point into (reserved: no reallocation)
  MemoryFiles memory;
  bb_files files{};
  bool with_files = false;
};

void add_setting(Arguments& arguments, const Family& family, const Header& header) {
  if (!(header.flags & kWithSetting) || family.settings.empty()) return;
  const Setting& setting = family.settings[header.setting % family.settings.size()];
  arguments.texts.push_back(setting.name);
  arguments.texts.push_back(value_for(setting, header.setting_value, header.raw_time));
  const auto& texts = arguments.texts;
  arguments.settings.push_back({texts[texts.size() - 2].c_str(), texts.back().c_str()});
}

// The companion: the last companion_size bytes of the file, given as bytes or by address ("dir/NAME").
std::span<const std::uint8_t> add_companion(Arguments& arguments, const Family& family, const Header& header,
                                            std::span<const std::uint8_t> file) {
  if (!(header.flags & kWithCompanion) || family.companions.empty()) return file;
  const std::size_t size = std::min<std::size_t>(header.companion_size, file.size());
  const auto companion = file.subspan(file.size() - size);
  const auto& extensions = catalogue().every_extension;
  const std::string& setting = family.companions[header.companion % family.companions.size()];
  arguments.texts.push_back(setting);
  arguments.texts.push_back("dir/companion" + extensions[header.companion_name % extensions.size()]);
  const auto& texts = arguments.texts;
  if (header.flags & kCompanionByAddress) {
    arguments.memory.files[texts.back()] = companion;
    arguments.settings.push_back({texts[texts.size() - 2].c_str(), texts.back().c_str()});
  } else {
    arguments.companions.push_back(
        {texts[texts.size() - 2].c_str(), texts.back().c_str(), companion.data(), companion.size()});
  }
  return file.first(file.size() - size);
}

void use_files(Arguments& arguments, const Header& header) {
  arguments.with_files = (header.flags & kCompanionByAddress) != 0;
  arguments.files = {&arguments.memory, files_kind, files_list, files_read};
}

// ---- A document: every query on it ----

double time_of(std::uint8_t choice, double duration, double tick, double raw) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  const double times[] = {0.0,
                          duration / 2,
                          duration,
                          duration + tick,
                          -1.0,
                          std::nan(""),
                          kInf,
                          -kInf,
                          1e300,
                          std::numeric_limits<double>::max(),
                          std::numeric_limits<double>::denorm_min(),
                          tick,
                          raw,
                          -raw,
                          1e9,
                          duration * 3};
  return times[choice % std::size(times)];
}

void sample(const bb_document* document, const Header& header, std::size_t joints, double duration,
            double tick) {
  std::vector<double> times;
  for (std::size_t i = 0; i < header.time_count; ++i) {
    times.push_back(time_of(header.time_choice[i], duration, tick, header.raw_time));
  }
  const bool short_capacity = (header.flags & kShortCapacity) && joints > 0 && !times.empty();
  const std::size_t capacity = short_capacity ? joints - 1 : joints;
  const std::size_t rows = std::max<std::size_t>(times.size(), 1);
  std::vector<double> translation(rows * capacity * 3), rotation(rows * capacity * 4),
      scale(rows * capacity * 3), model(rows * capacity * 16), pose_times(rows);
  std::vector<std::int32_t> parents(capacity);
  const bool some = (header.flags & kNoNames) != 0;
  const bb_pose_arrays arrays{capacity,
                              translation.data(),
                              some ? nullptr : rotation.data(),
                              scale.data(),
                              some ? nullptr : model.data(),
                              pose_times.data(),
                              parents.data()};
  bb_buffer names{};
  const bb_status status =
      bb_document_sample(document, times.data(), times.size(), &arrays, some ? nullptr : &names);
  // A pose that does not fit is the caller's argument; a time the engine cannot sample is the input's.
  check(status, short_capacity ? kArgument | kGood : kGood);
  bb_buffer_free(&names);
  // The runtime path (issue 35): the same arrays; a clip the runtime cannot compile is the input's error.
  const bb_status fast =
      bb_document_sample_fast(document, times.data(), times.size(), &arrays, some ? nullptr : &names);
  check(fast, short_capacity ? kArgument | kGood : kGood);
  bb_buffer_free(&names);
}

// Each query with a NULL where the ABI needs an output: an argument error, never a crash.
void null_outputs(const bb_document* document) {
  double seconds = 0;
  check(bb_document_timing(document, nullptr, &seconds), kArgument);
  // info and validate work out their JSON before they look at the output: the input may fail first.
  check(bb_document_info(document, nullptr), kArgument | bit(BB_ERROR_INPUT));
  check(bb_document_validate(document, 0, nullptr), kArgument | bit(BB_ERROR_INPUT));
  check(bb_document_joint_count(nullptr, nullptr), kArgument);
  check(bb_document_family(document, nullptr), kArgument);
  check(bb_document_to_gltf(document, 1, 0, nullptr, nullptr), kArgument);
  check(bb_document_encode(document, nullptr), kArgument);
  const bb_pose_arrays none{};
  check(bb_document_sample(document, nullptr, 1, &none, nullptr), kArgument);
  check(bb_document_sample(document, &seconds, 1, nullptr, nullptr), kArgument);
  check(bb_document_sample_fast(document, nullptr, 1, &none, nullptr), kArgument);
  check(bb_document_sample_fast(document, &seconds, 1, nullptr, nullptr), kArgument);
}

// bb_from_gltf of `gltf` into `family` with the arguments' settings and companions; its notes, when asked
// for, are JSON.
void call_from_gltf(std::span<const std::uint8_t> gltf, const char* family, const std::string& output,
                    const Arguments& arguments, bool with_notes) {
  const bb_gltf_input input{gltf.data(),
                            gltf.size(),
                            family,
                            output.c_str(),
                            arguments.settings.data(),
                            arguments.settings.size(),
                            arguments.companions.data(),
                            arguments.companions.size(),
                            arguments.with_files ? &arguments.files : nullptr};
  bb_buffer bytes{}, notes{};
  const bb_status status = bb_from_gltf(&input, &bytes, with_notes ? &notes : nullptr);
  check(status, kGood);
  if (status == BB_OK && with_notes) check_json(notes);
  bb_buffer_free(&bytes);
  bb_buffer_free(&notes);
}

// glTF written from the document goes back to its family, with the same settings.
void back_from_gltf(const bb_buffer& gltf, const Kind& kind, const char* family, const Arguments& arguments) {
  const std::string output = "out" + (kind.extension.empty() ? std::string(".bin") : kind.extension);
  call_from_gltf({gltf.data, gltf.size}, family, output, arguments, true);
}

void convert(const bb_document* document, const Header& header, const Kind& kind, const char* family,
             const Arguments& arguments) {
  bb_buffer gltf{}, notes{};
  const bool binary = (header.flags & kBinary) != 0;
  const bb_status status =
      bb_document_to_gltf(document, binary, (header.flags & kMesh) != 0, &gltf, binary ? &notes : nullptr);
  check(status, kGood);
  if (status == BB_OK && binary) check_json(notes);
  if (status == BB_OK) back_from_gltf(gltf, kind, family, arguments);
  bb_buffer_free(&gltf);
  bb_buffer_free(&notes);
  bb_buffer encoded{};
  check(bb_document_encode(document, &encoded), kGood);
  bb_buffer_free(&encoded);
}

void query(const bb_document* document, const Header& header, const Kind& kind, const Arguments& arguments) {
  const char* family = nullptr;
  check(bb_document_family(document, &family), kGood);
  if (family == nullptr || (kind.call == Call::OpenForced && kind.family->id != family)) std::abort();
  double duration = 0, tick = 0;
  check(bb_document_timing(document, &duration, &tick), kGood);
  json_call([&](bb_buffer* json) { return bb_document_info(document, json); });
  json_call([&](bb_buffer* json) { return bb_document_dump(document, json); });
  json_call([&](bb_buffer* json) { return bb_document_validate(document, header.flags & kStrict, json); });
  std::size_t joints = 0;
  const bb_status counted = bb_document_joint_count(document, &joints);
  check(counted, kGood);
  if (counted == BB_OK && joints <= 4096) sample(document, header, joints, duration, tick);
  convert(document, header, kind, family, arguments);
  null_outputs(document);
}

// ---- The kinds of call ----

void open_document(const Kind& kind, const Header& header, std::span<const std::uint8_t> file,
                   const std::string& name, const std::string& container) {
  Arguments arguments;
  arguments.texts.reserve(8);
  const Family* family = kind.family;
  if (family) add_setting(arguments, *family, header);
  if (family) file = add_companion(arguments, *family, header, file);
  use_files(arguments, header);
  const std::string address = "dir/" + name;
  if (arguments.with_files) arguments.memory.files[address] = file;
  const bb_input input{file.data(),
                       file.size(),
                       address.c_str(),
                       name.c_str(),
                       container.empty() ? nullptr : container.c_str(),
                       kind.call == Call::OpenForced ? family->id.c_str() : nullptr,
                       arguments.settings.data(),
                       arguments.settings.size(),
                       arguments.companions.data(),
                       arguments.companions.size(),
                       arguments.with_files ? &arguments.files : nullptr};
  bb_document* document = nullptr;
  const bb_status status = bb_document_open(&input, &document);
  check(status, kGood);
  if ((status == BB_OK) != (document != nullptr)) std::abort();
  if (document) query(document, header, kind, arguments);
  bb_document_close(document);
}

void from_gltf(const Kind& kind, const Header& header, std::span<const std::uint8_t> gltf) {
  Arguments arguments;
  arguments.texts.reserve(8);
  add_setting(arguments, *kind.family, header);
  gltf = add_companion(arguments, *kind.family, header, gltf);
  use_files(arguments, header);
  call_from_gltf(gltf, kind.family->id.c_str(), "out" + kind.extension, arguments,
                 (header.flags & kBinary) != 0);
}

// The listing, then one entry by index (perhaps past the last), by a listed name, and that entry opened.
void archive(const Kind& kind, const Header& header, std::span<const std::uint8_t> bytes) {
  const std::string name = "archive" + kind.extension;
  bb_buffer json{};
  const bb_status listed = bb_archive_list(bytes.data(), bytes.size(), name.c_str(), &json);
  check(listed, kGood);
  std::size_t count = 0;
  std::string wanted = std::to_string(header.entry);
  if (listed == BB_OK) {
    check_json(json);
    const auto entries = nlohmann::json::parse(reinterpret_cast<const char*>(json.data));
    count = entries.size();
    if (count > 0 && (header.flags & kNoNames))
      wanted = entries.at(header.entry % count).at("name").get<std::string>();
  }
  bb_buffer_free(&json);
  bb_buffer entry{}, stored{};
  const bb_status read =
      bb_archive_entry(bytes.data(), bytes.size(), name.c_str(), wanted.c_str(), &entry, &stored);
  check(read, kGood);
  if (read == BB_OK && stored.data != nullptr) {
    const std::string entry_name(reinterpret_cast<const char*>(stored.data), stored.size);
    open_document({Call::OpenByContent, nullptr, ""}, header, {entry.data, entry.size}, entry_name, name);
  }
  bb_buffer_free(&entry);
  bb_buffer_free(&stored);
  check(bb_archive_list(nullptr, 4, name.c_str(), &json), kArgument);
  check(bb_archive_entry(bytes.data(), bytes.size(), name.c_str(), nullptr, &entry, nullptr), kArgument);
}

// bb_retarget of the file (a motion named by one of the source kinds) onto a `kind.family` file named by
// `kind.extension`, with a family setting, an actor, foot locking and a companion (the family's, or one of
// retargeting's own: a skeleton, a role map) as the header picks them. Its report and notes are JSON.
void retarget(const Kind& kind, const Header& header, std::span<const std::uint8_t> source) {
  static const char* const source_kinds[] = {".bvh", ".glb", ".gltf", ".json"};
  static const char* const actors[] = {"pepper", "mama", "infoman", "brickster", "nobody"};
  static const char* const retarget_companions[] = {"skeleton", "source-map", "target-map"};
  Arguments arguments;
  arguments.texts.reserve(12);
  add_setting(arguments, *kind.family, header);
  Family with_own = *kind.family;
  with_own.companions.insert(with_own.companions.end(), std::begin(retarget_companions),
                             std::end(retarget_companions));
  source = add_companion(arguments, with_own, header, source);
  use_files(arguments, header);
  if (header.flags & kStrict) arguments.settings.push_back({"character", actors[header.entry % 5]});
  if (header.flags & kMesh) arguments.settings.push_back({"foot-lock", "1"});
  const std::string source_name = std::string("motion") + source_kinds[header.time_choice[0] % 4];
  const std::string output = "out" + kind.extension;
  const bb_retarget_input input{source.data(),
                                source.size(),
                                source_name.c_str(),
                                nullptr,
                                output.c_str(),
                                kind.family->id.c_str(),
                                arguments.settings.data(),
                                arguments.settings.size(),
                                arguments.companions.data(),
                                arguments.companions.size(),
                                arguments.with_files ? &arguments.files : nullptr};
  bb_buffer bytes{}, report{}, notes{};
  const bool with_report = (header.flags & kBinary) != 0;
  const bb_status status = bb_retarget(&input, &bytes, with_report ? &report : nullptr, &notes);
  check(status, kGood);
  if (status == BB_OK) {
    if (with_report) check_json(report);
    check_json(notes);
  }
  bb_buffer_free(&bytes);
  bb_buffer_free(&report);
  bb_buffer_free(&notes);
}

// Calls whose arguments are NULL where the ABI needs them.
void null_arguments() {
  bb_document* document = nullptr;
  check(bb_document_open(nullptr, &document), kArgument);
  const bb_input truncated{nullptr, 16, "x.ani", nullptr, nullptr, nullptr, nullptr, 0, nullptr, 0, nullptr};
  check(bb_document_open(&truncated, &document), kArgument);
  check(bb_document_open(&truncated, nullptr), kArgument);
  const bb_input no_settings{nullptr, 0, "x.ani", nullptr, nullptr, nullptr, nullptr, 2, nullptr, 0, nullptr};
  check(bb_document_open(&no_settings, &document), kArgument);
  if (document != nullptr) std::abort();
  check(bb_from_gltf(nullptr, nullptr, nullptr), kArgument);
  check(bb_retarget(nullptr, nullptr, nullptr, nullptr), kArgument);
  check(bb_sink_append(nullptr, "x", 1), kArgument);
  bb_buffer_free(nullptr);
  bb_document_close(nullptr);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < kHeaderSize) return 0;
  const Header header = header_of(data);
  const auto& kinds = catalogue().kinds;
  const Kind& kind = kinds[header.kind % kinds.size()];
  const std::span<const std::uint8_t> file(data + kHeaderSize, size - kHeaderSize);
  switch (kind.call) {
    case Call::OpenByName:
    case Call::OpenByContent:
    case Call::OpenForced:
      open_document(kind, header, file, "input" + kind.extension, "");
      break;
    case Call::Archive:
      archive(kind, header, file);
      break;
    case Call::FromGltf:
      from_gltf(kind, header, file);
      break;
    case Call::Retarget:
      retarget(kind, header, file);
      break;
  }
  null_arguments();
  return 0;
}
