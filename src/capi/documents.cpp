// SPDX-License-Identifier: MIT
// Documents through the C ABI: opened by the conversion service as `bonebridge info FILE` opens them, and
// what info, dump, validate, sample and convert show of them.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <memory>
#include <optional>

#include "bonebridge/services/conversion.hpp"
#include "bonebridge/services/reports.hpp"
#include "guard.hpp"
#include "options.hpp"
#include "runtime_player.hpp"

using namespace bonebridge;
using namespace bonebridge::capi;

struct bb_document {
  static constexpr std::uint32_t kAlive = 0x62624443;  // "bbDC": a closed or foreign handle is refused
  std::uint32_t alive = kAlive;
  LoadedInput input;
  Options options;
  std::string address;
  // The conversion to the core model, made by the first call that needs it (the runtime path, the glTF
  // export) and kept with the document: for a long LBA clip it costs more than all else a document does.
  mutable std::optional<Result<CoreConversion>> core;
  // The first clip as a runtime clip, compiled by the first bb_document_sample_fast (from `core`).
  mutable std::unique_ptr<RuntimePlayer> player;
};

namespace {

const bb_document& document_of(const bb_document* document) {
  if (required(document, "document")->alive != bb_document::kAlive)
    throw ArgumentError{"document is not an open bb_document (closed already?)"};
  return *document;
}

const CoreConversion& core_conversion(const bb_document& document) {
  if (!document.core) document.core = core_of(*document.input.document, document.options);
  if (!*document.core) {
    Error error = document.core->error();
    if (error.file.empty()) error.file = document.address;
    throw Failed{std::move(error)};
  }
  return document.core->value();
}

void fill_json(bb_buffer* buffer, const nlohmann::json& json, const char* what) {
  fill(output(buffer, what), json_text(json));
}

std::unique_ptr<bb_document> opened(const bb_input& input) {
  auto document = std::make_unique<bb_document>();
  document->options =
      options_of({input.settings, input.setting_count, input.companions, input.companion_count, input.files});
  document->address = text(input.address, "address", true);
  const std::string file_name = text(input.file_name, "file_name", true);
  AddressedFile file{bytes(input.data, input.size, "input data"),
                     file_name.empty() ? document->address : file_name,
                     text(input.container, "container", true)};
  document->input = value_of(
      open_input(std::move(file), document->address, document->options, text(input.format, "format", true)),
      document->address);
  return document;
}

nlohmann::json diagnostics(const bb_document& document, bool strict) {
  auto out = nlohmann::json::array();
  for (const auto& diagnostic : document.input.document->check(strict || document.options.flag("strict"))) {
    const auto& where = diagnostic.where;
    out.push_back({{"severity", diagnostic.is_error ? "error" : "warning"},
                   {"message", where.message},
                   {"offset", where.offset ? nlohmann::json(*where.offset) : nlohmann::json()},
                   {"line", where.line ? nlohmann::json(*where.line) : nlohmann::json()}});
  }
  return out;
}

// One pose's joints into the arrays at row `row` (of time_count rows of joint_capacity joints).
void write_pose(const EnginePose& pose, std::size_t row, const bb_pose_arrays& arrays) {
  const std::size_t base = row * arrays.joint_capacity;
  if (arrays.time) arrays.time[row] = pose.time;
  for (std::size_t j = 0; j < pose.joints.size(); ++j) {
    const auto& joint = pose.joints[j];
    const auto& local = joint.local;
    const std::size_t at = base + j;
    if (arrays.translation) {
      const double values[] = {local.translation.x, local.translation.y, local.translation.z};
      std::copy(std::begin(values), std::end(values), arrays.translation + at * 3);
    }
    if (arrays.rotation) {
      const double values[] = {local.rotation.x, local.rotation.y, local.rotation.z, local.rotation.w};
      std::copy(std::begin(values), std::end(values), arrays.rotation + at * 4);
    }
    if (arrays.scale) {
      const double values[] = {local.scale.x, local.scale.y, local.scale.z};
      std::copy(std::begin(values), std::end(values), arrays.scale + at * 3);
    }
    // Row-major for the caller (numpy's model[j] @ point), from the library's column-major matrix.
    for (int r = 0; arrays.model && r < 4; ++r) {
      for (int c = 0; c < 4; ++c) arrays.model[at * 16 + r * 4 + c] = joint.model.m[c * 4 + r];
    }
  }
}

// The first pose's joints: their names ('\0' after each) and parents.
void write_joints(const EnginePose& pose, const bb_pose_arrays& arrays, bb_buffer* names) {
  std::string joined;
  for (std::size_t j = 0; j < pose.joints.size(); ++j) {
    joined += pose.joints[j].name;
    joined += '\0';
    if (arrays.parents) arrays.parents[j] = static_cast<std::int32_t>(pose.joints[j].parent);
  }
  if (names) fill(*names, joined);
}

void sample(const bb_document& document, const double* times, std::size_t count, const bb_pose_arrays& arrays,
            bb_buffer* names) {
  EnginePose pose;
  for (std::size_t i = 0; i < count; ++i) {
    value_of(document.input.document->sample_into(times[i], pose), document.address);
    if (pose.joints.size() > arrays.joint_capacity) {
      throw ArgumentError{"joint_capacity is " + std::to_string(arrays.joint_capacity) + ", the pose at " +
                          std::to_string(times[i]) + " s has " + std::to_string(pose.joints.size()) +
                          " joints"};
    }
    write_pose(pose, i, arrays);
    if (i == 0) write_joints(pose, arrays, names);
  }
}

void sample_fast(const bb_document& document, const double* times, std::size_t count,
                 const bb_pose_arrays& arrays, bb_buffer* names) {
  if (count == 0) return;  // as the engine path: nothing sampled, nothing written
  for (std::size_t i = 0; i < count; ++i) {
    if (!std::isfinite(times[i]))
      throw Failed{Error{
          "runtime clip", "time " + std::to_string(i) + " is not a finite number", {}, {}, document.address}};
  }
  EnginePose pose;
  value_of(document.input.document->sample_into(0.0, pose), document.address);
  if (pose.joints.size() > arrays.joint_capacity) {
    throw ArgumentError{"joint_capacity is " + std::to_string(arrays.joint_capacity) + ", the pose has " +
                        std::to_string(pose.joints.size()) + " joints"};
  }
  write_joints(pose, arrays, names);
  if (!document.player)
    document.player = std::make_unique<RuntimePlayer>(core_conversion(document), document.address);
  for (std::size_t i = 0; i < count; ++i) {
    document.player->pose_at(times[i], pose);
    write_pose(pose, i, arrays);
  }
}

}  // namespace

extern "C" {

bb_status bb_document_open(const bb_input* input, bb_document** document) {
  return guarded([&] {
    *required(document, "document") = nullptr;
    *document = opened(*required(input, "input")).release();
  });
}

void bb_document_close(bb_document* document) {
  if (document == nullptr || document->alive != bb_document::kAlive) return;
  document->alive = 0;
  delete document;
}

bb_status bb_document_family(const bb_document* document, const char** family) {
  return guarded([&] { *required(family, "family") = document_of(document).input.family->id.c_str(); });
}

bb_status bb_document_timing(const bb_document* document, double* duration, double* tick) {
  return guarded([&] {
    const auto& opened = *document_of(document).input.document;
    *required(duration, "duration") = opened.duration();
    *required(tick, "tick") = opened.engine_tick();
  });
}

bb_status bb_document_info(const bb_document* document, bb_buffer* json) {
  return guarded([&] { fill_json(json, input_info(document_of(document).input), "json"); });
}

bb_status bb_document_dump(const bb_document* document, bb_buffer* json) {
  return guarded([&] { fill_json(json, document_of(document).input.document->dump(), "json"); });
}

bb_status bb_document_validate(const bb_document* document, int32_t strict, bb_buffer* json) {
  return guarded([&] { fill_json(json, diagnostics(document_of(document), strict != 0), "json"); });
}

bb_status bb_document_joint_count(const bb_document* document, size_t* count) {
  return guarded([&] {
    const auto& opened = document_of(document);
    EnginePose pose;
    value_of(opened.input.document->sample_into(0.0, pose), opened.address);
    *required(count, "count") = pose.joints.size();
  });
}

bb_status bb_document_sample(const bb_document* document, const double* times, size_t time_count,
                             const bb_pose_arrays* arrays, bb_buffer* names) {
  return guarded([&] {
    const auto& opened = document_of(document);
    if (names) output(names, "names");
    if (time_count > 0) required(times, "times");
    sample(opened, times, time_count, *required(arrays, "arrays"), names);
  });
}

bb_status bb_document_to_gltf(const bb_document* document, int32_t binary, int32_t mesh, bb_buffer* gltf,
                              bb_buffer* notes) {
  return guarded([&] {
    const auto& opened = document_of(document);
    auto& bytes = output(gltf, "gltf");
    if (notes) output(notes, "notes");
    auto converted = value_of(export_gltf(opened.input, core_conversion(opened), opened.options,
                                          {.binary = binary != 0, .generate_mesh = mesh != 0}),
                              opened.address);
    fill(bytes, converted.value);
    fill_if(notes, json_text(converted.notes));
  });
}

bb_status bb_document_encode(const bb_document* document, bb_buffer* bytes) {
  return guarded([&] {
    const auto& opened = document_of(document);
    auto& encoded = output(bytes, "bytes");
    fill(encoded, value_of(opened.input.document->encode(), opened.address));
  });
}

bb_status bb_document_sample_fast(const bb_document* document, const double* times, size_t time_count,
                                  const bb_pose_arrays* arrays, bb_buffer* names) {
  return guarded([&] {
    const auto& opened = document_of(document);
    if (names) output(names, "names");
    if (time_count > 0) required(times, "times");
    sample_fast(opened, times, time_count, *required(arrays, "arrays"), names);
  });
}

}  // extern "C"
