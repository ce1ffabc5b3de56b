// SPDX-License-Identifier: MIT
// The Python module `bonebridge._bonebridge`: the library's registry, documents and glTF conversion with
// numpy arrays for poses. Errors become bonebridge.FormatError carrying file, format, offset and line.
// Decoding, sampling and conversion run without the GIL.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <vector>

#include "bonebridge/io/file.hpp"
#include "bonebridge/registry/registry.hpp"
#include "bonebridge/services/conversion.hpp"
#include "bonebridge/services/reports.hpp"
#include "bonebridge/services/settings.hpp"

namespace py = pybind11;
using namespace bonebridge;

namespace {

// Set at import: bonebridge.FormatError (defined in Python, so that it is a plain Exception subclass).
py::object& format_error_type() {
  static py::object* type = new py::object();  // never destroyed: a static py::object aborts at exit
  return *type;
}

[[noreturn]] void raise(const Error& error) {
  py::object exception = format_error_type()(error.to_string());
  exception.attr("file") = error.file;
  exception.attr("format") = error.format;
  exception.attr("message") = error.message;
  exception.attr("offset") = error.offset ? py::cast(*error.offset) : py::none();
  exception.attr("line") = error.line ? py::cast(*error.line) : py::none();
  PyErr_SetObject(format_error_type().ptr(), exception.ptr());
  throw py::error_already_set();
}

template <class T>
T value_or_raise(Result<T> result) {
  if (!result) raise(result.error());
  return std::move(result).value();
}

py::object json_to_python(const nlohmann::json& value) {
  static py::object* loads = new py::object(py::module_::import("json").attr("loads"));
  return (*loads)(value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

Options to_options(const py::dict& keywords) {
  Options options;
  for (const auto& [key, value] : keywords) {
    std::string name = py::cast<std::string>(key);
    for (auto& c : name) c = c == '_' ? '-' : c;  // unit_scale -> unit-scale
    if (py::isinstance<py::bool_>(value)) {
      if (py::cast<bool>(value)) options.values[name] = "1";
    } else if (!value.is_none()) {
      options.values[name] = py::cast<std::string>(py::str(value));
    }
  }
  return options;
}

struct PyDocument {
  LoadedInput input;
  Options options;
  std::string source;

  py::object info() const { return json_to_python(input_info(input)); }
  py::object dump() const { return json_to_python(input.document->dump()); }

  py::list validate(bool strict) const {
    py::list out;
    for (const auto& diagnostic : input.document->check(strict || options.flag("strict"))) {
      py::dict entry;
      entry["severity"] = diagnostic.is_error ? "error" : "warning";
      entry["message"] = diagnostic.where.message;
      entry["offset"] = diagnostic.where.offset ? py::cast(*diagnostic.where.offset) : py::none();
      entry["line"] = diagnostic.where.line ? py::cast(*diagnostic.where.line) : py::none();
      out.append(entry);
    }
    return out;
  }

  // The engine's pose at each time: arrays with a leading time axis (dropped for a scalar time).
  py::dict sample(const py::object& when) const {
    const bool scalar = !py::isinstance<py::sequence>(when) && !py::isinstance<py::array>(when);
    const auto times = scalar ? std::vector<double>{py::cast<double>(when)}
                              : py::cast<std::vector<double>>(py::array_t<double>::ensure(when));
    std::vector<EnginePose> poses(times.size());
    Status sampled = Ok{};
    {
      py::gil_scoped_release release;
      for (std::size_t i = 0; i < times.size() && sampled; ++i)
        sampled = input.document->sample_into(times[i], poses[i]);
    }
    value_or_raise(std::move(sampled));
    return pose_arrays(poses, times, scalar);
  }

  static py::dict pose_arrays(const std::vector<EnginePose>& poses, const std::vector<double>& times,
                              bool scalar) {
    const auto count = static_cast<py::ssize_t>(poses.empty() ? 0 : poses.front().joints.size());
    const auto frames = static_cast<py::ssize_t>(poses.size());
    py::array_t<double> translation({frames, count, py::ssize_t{3}}),
        rotation({frames, count, py::ssize_t{4}}), scale({frames, count, py::ssize_t{3}}),
        model({frames, count, py::ssize_t{4}, py::ssize_t{4}});
    auto t = translation.mutable_unchecked<3>(), r = rotation.mutable_unchecked<3>(),
         s = scale.mutable_unchecked<3>();
    auto m = model.mutable_unchecked<4>();
    for (py::ssize_t f = 0; f < frames; ++f) {
      const auto& joints = poses[static_cast<std::size_t>(f)].joints;
      for (py::ssize_t j = 0; j < count && j < static_cast<py::ssize_t>(joints.size()); ++j) {
        const auto& joint = joints[static_cast<std::size_t>(j)];
        const auto& local = joint.local;
        const double values[] = {
            local.translation.x, local.translation.y, local.translation.z, local.rotation.x, local.rotation.y,
            local.rotation.z,    local.rotation.w,    local.scale.x,       local.scale.y,    local.scale.z};
        for (int k = 0; k < 3; ++k) t(f, j, k) = values[k], s(f, j, k) = values[7 + k];
        for (int k = 0; k < 4; ++k) r(f, j, k) = values[3 + k];
        // Row-major 4x4 for numpy (model[j] @ point), from the column-major matrix of the library.
        for (int row = 0; row < 4; ++row) {
          for (int column = 0; column < 4; ++column) m(f, j, row, column) = joint.model.m[column * 4 + row];
        }
      }
    }
    py::list names, parents;
    if (!poses.empty()) {
      for (const auto& joint : poses.front().joints) names.append(joint.name), parents.append(joint.parent);
    }
    py::dict out;
    out["names"] = names;
    out["parents"] = parents;
    const auto first = [scalar](py::array array) { return scalar ? py::array(array[py::int_(0)]) : array; };
    out["time"] = scalar ? py::cast(poses.empty() ? times.front() : poses.front().time) : py::cast(times);
    out["translation"] = first(translation);
    out["rotation"] = first(rotation);
    out["scale"] = first(scale);
    out["model"] = first(model);
    return out;
  }

  py::object to_gltf(const py::object& path, bool binary, bool mesh) const {
    std::vector<std::uint8_t> bytes;
    std::vector<std::string> notes;
    {
      py::gil_scoped_release release;
      auto core = core_of(*input.document, options);
      if (core) {
        notes = core->notes;
        auto written = gltf::write(core->scene, {.binary = binary, .generate_mesh = mesh});
        if (!written) {
          py::gil_scoped_acquire acquire;
          raise(written.error());
        }
        bytes = std::move(written).value();
      } else {
        py::gil_scoped_acquire acquire;
        raise(core.error());
      }
    }
    return write_or_return(path, bytes);
  }

  py::object write(const py::object& path) const {
    return write_or_return(path, value_or_raise(input.document->encode()));
  }

  static py::object write_or_return(const py::object& path, const std::vector<std::uint8_t>& bytes) {
    if (path.is_none()) return py::bytes(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    const auto written = write_file_atomic(py::cast<std::string>(py::str(path)), bytes);
    if (!written) raise(written.error());
    return py::none();
  }
};

PyDocument open_document(const py::object& source, const py::object& format, const py::kwargs& keywords) {
  PyDocument document;
  document.options = to_options(keywords);
  const std::string forced = format.is_none() ? "" : py::cast<std::string>(format);
  if (py::isinstance<py::bytes>(source)) {
    const std::string data = py::cast<std::string>(source);
    document.input.bytes.assign(data.begin(), data.end());
    document.input.family =
        forced.empty() ? find_family("", document.input.bytes) : find_family_by_id(forced);
    if (!document.input.family)
      raise({"", "no format family recognises these bytes (give format=...)", {}, {}, {}});
    value_or_raise(check_settings(*document.input.family, document.options));
    Result<std::unique_ptr<Document>> opened = Error{};
    {
      py::gil_scoped_release release;
      opened = document.input.family->open(document.input.bytes, document.options);
    }
    document.input.document = value_or_raise(std::move(opened));
    return document;
  }
  document.source = py::cast<std::string>(py::str(source));
  Result<LoadedInput> loaded = Error{};
  {
    py::gil_scoped_release release;
    loaded = load_input(document.source, document.options, forced);
  }
  document.input = value_or_raise(std::move(loaded));
  return document;
}

py::object from_gltf(const py::object& source, const std::string& family_id, const py::object& path,
                     const py::kwargs& keywords) {
  const FormatFamily* family = find_family_by_id(family_id);
  if (!family) raise({"", "unknown format family '" + family_id + "'", {}, {}, {}});
  if (!family->from_core)
    raise({family->title, "writing this format from glTF is not supported", {}, {}, {}});
  std::vector<std::uint8_t> input;
  if (py::isinstance<py::bytes>(source)) {
    const std::string data = py::cast<std::string>(source);
    input.assign(data.begin(), data.end());
  } else {
    input = value_or_raise(read_file(py::cast<std::string>(py::str(source))));
  }
  Options options = to_options(keywords);
  if (!path.is_none()) {
    const std::string output = py::cast<std::string>(py::str(path));
    options.placement.output = output;
    const auto dot = output.rfind('.');
    if (dot != std::string::npos) options.placement.output_extension = output.substr(dot);
  }
  value_or_raise(check_settings(*family, options));
  value_or_raise(read_companions(*family, options));
  Result<Converted<std::vector<std::uint8_t>>> written = Error{};
  {
    py::gil_scoped_release release;
    auto scene = gltf::read(input);
    written = scene ? family->from_core(*scene, options)
                    : Result<Converted<std::vector<std::uint8_t>>>(scene.error());
  }
  auto converted = value_or_raise(std::move(written));
  // What could not be kept reaches a Python user as warnings (warnings.simplefilter decides what is shown).
  for (const auto& note : converted.notes) {
    if (PyErr_WarnEx(PyExc_UserWarning, note.c_str(), 1) < 0) throw py::error_already_set();
  }
  return PyDocument::write_or_return(path, std::move(converted.value));
}

py::object formats() {
  return json_to_python(formats_json());
}

}  // namespace

PYBIND11_MODULE(_bonebridge, module) {
  module.doc() = "bonebridge: skeletal animation of classic games to glTF 2.0 and back";
  module.def("_set_error_type", [](py::object type) { format_error_type() = std::move(type); });
  module.def("formats", &formats, "The format families, what each supports and how sure we are");
  py::class_<PyDocument>(module, "Document")
      .def_property_readonly("family", [](const PyDocument& d) { return d.input.family->id; })
      .def_property_readonly("duration", [](const PyDocument& d) { return d.input.document->duration(); })
      .def_property_readonly("tick", [](const PyDocument& d) { return d.input.document->engine_tick(); })
      .def("info", &PyDocument::info)
      .def("dump", &PyDocument::dump)
      .def("validate", &PyDocument::validate, py::arg("strict") = false)
      .def("sample", &PyDocument::sample, py::arg("time"))
      .def("to_gltf", &PyDocument::to_gltf, py::arg("path") = py::none(), py::arg("binary") = true,
           py::arg("mesh") = true)
      .def("write", &PyDocument::write, py::arg("path") = py::none());
  module.def("open", &open_document, py::arg("source"), py::arg("format") = py::none());
  module.def("from_gltf", &from_gltf, py::arg("source"), py::arg("family"), py::arg("path") = py::none());
}
