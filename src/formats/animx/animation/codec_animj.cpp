// SPDX-License-Identifier: MIT
#include "bonebridge/formats/animx/animation/animj.hpp"

#include <nlohmann/json.hpp>

#include <fmt/format.h>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <utility>

#include "bonebridge/formats/animx/animation/codec.hpp"
#include "bonebridge/formats/animx/animation/engine.hpp"
#include "bonebridge/formats/animx/elements.hpp"

namespace bonebridge::animx {
namespace {

using Json = nlohmann::ordered_json;

[[noreturn]] void fail(const std::string& path, const std::string& message) {
  throw FormatError(Error{kAnimjFormatName, fmt::format("at {}: {}", path, message), {}, {}, {}});
}

const char* type_name(const Json& value) {
  return value.type_name();
}

const Json* member(const Json& object, const char* key) {
  const auto it = object.find(key);
  return it == object.end() ? nullptr : &*it;
}

const Json& require(const Json& object, const char* key, const std::string& path) {
  const Json* value = member(object, key);
  if (!value) fail(path, fmt::format("expected a \"{}\" member", key));
  return *value;
}

double number(const Json& value, const std::string& path) {
  if (!value.is_number()) fail(path, fmt::format("expected a number, found {}", type_name(value)));
  return value.get<double>();
}

float float_number(const Json& value, const std::string& path) {
  const double number_value = number(value, path);
  // Beyond FLT_MAX plus half an ulp a double no longer rounds to a finite float.
  if (std::abs(number_value) >= 3.4028235677973366e38) {
    fail(path, fmt::format("{} is out of range for a float", number_value));
  }
  return static_cast<float>(number_value);
}

// node, property and name: null becomes "" (NeosPublic #3002).
std::string plain_string(const Json* value, const std::string& path) {
  if (!value || value->is_null()) return {};
  if (!value->is_string()) fail(path, fmt::format("expected a string, found {}", type_name(*value)));
  return value->get<std::string>();
}

template <class T>
void put(std::vector<std::uint8_t>& out, std::size_t at, T value) {
  std::memcpy(out.data() + at, &value, sizeof value);
}

template <class T>
T integer(const Json& value, const std::string& path) {
  const bool fits = value.is_number_unsigned()
                        ? std::in_range<T>(value.get<std::uint64_t>())
                        : value.is_number_integer() && std::in_range<T>(value.get<std::int64_t>());
  if (!fits)
    fail(path, fmt::format("expected an integer in [{}, {}], found {}", std::numeric_limits<T>::min(),
                           std::numeric_limits<T>::max(), value.dump()));
  return value.is_number_unsigned() ? static_cast<T>(value.get<std::uint64_t>())
                                    : static_cast<T>(value.get<std::int64_t>());
}

// Component `c` of a value, written straight into the stored bytes (64-bit integers stay exact).
void put_component(std::vector<std::uint8_t>& out, std::size_t c, Scalar scalar, const Json& value,
                   const std::string& path) {
  switch (scalar) {
    case Scalar::Bool:
      if (!value.is_boolean()) fail(path, fmt::format("expected true or false, found {}", type_name(value)));
      if (value.get<bool>()) out[0] = static_cast<std::uint8_t>(out[0] | (1u << c));
      return;
    case Scalar::F32:
      return put(out, c * 4, float_number(value, path));
    case Scalar::F64:
      return put(out, c * 8, number(value, path));
    case Scalar::U8:
      return put(out, c, integer<std::uint8_t>(value, path));
    case Scalar::S8:
      return put(out, c, integer<std::int8_t>(value, path));
    case Scalar::U16:
      return put(out, c * 2, integer<std::uint16_t>(value, path));
    case Scalar::S16:
      return put(out, c * 2, integer<std::int16_t>(value, path));
    case Scalar::U32:
      return put(out, c * 4, integer<std::uint32_t>(value, path));
    case Scalar::S32:
      return put(out, c * 4, integer<std::int32_t>(value, path));
    case Scalar::U64:
      return put(out, c * 8, integer<std::uint64_t>(value, path));
    case Scalar::S64:
      return put(out, c * 8, integer<std::int64_t>(value, path));
    case Scalar::String:
      return;
  }
}

std::vector<std::uint8_t> parse_value(const Json& value, ElementType element, const std::string& path) {
  const auto& info = element_info(element);
  std::vector<std::uint8_t> out(static_cast<std::size_t>(info.size), 0);
  const auto names = component_names(element);
  if (!names.empty()) {
    if (!value.is_object())
      fail(path, fmt::format("expected an object with {}, found {}", names, type_name(value)));
    for (std::size_t c = 0; c < names.size(); ++c) {
      const std::string key(1, names[c]);
      if (const Json* part = member(value, key.c_str()))
        put_component(out, c, info.scalar, *part, path + "." + key);
    }
  } else if (is_matrix(element)) {
    if (!value.is_array() || value.size() != static_cast<std::size_t>(info.components)) {
      fail(path, fmt::format("expected an array of {} numbers (row-major), found {}", info.components,
                             value.dump()));
    }
    for (std::size_t c = 0; c < value.size(); ++c) {
      put_component(out, c, info.scalar, value[c], fmt::format("{}[{}]", path, c));
    }
  } else {
    put_component(out, 0, info.scalar, value, path);
  }
  return out;
}

std::optional<std::string> parse_string(const Json& value, bool nullable, const std::string& path) {
  if (value.is_null()) {
    if (!nullable) fail(path, "a Curve string value cannot be null (Resonite's encoder throws)");
    return std::nullopt;
  }
  if (!value.is_string()) fail(path, fmt::format("expected a string or null, found {}", type_name(value)));
  return value.get<std::string>();
}

void append_value(Values& values, ElementType element, const Json& value, bool nullable,
                  const std::string& path) {
  if (is_string(element)) {
    values.strings.push_back(parse_string(value, nullable, path));
  } else {
    const auto bytes = parse_value(value, element, path);
    values.bytes.insert(values.bytes.end(), bytes.begin(), bytes.end());
  }
}

// Moves the value appended last to position `index`.
void move_last_to(Values& values, ElementType element, std::size_t index) {
  if (is_string(element)) {
    std::rotate(values.strings.begin() + static_cast<std::ptrdiff_t>(index), values.strings.end() - 1,
                values.strings.end());
    return;
  }
  const auto size = static_cast<std::ptrdiff_t>(element_info(element).size);
  std::rotate(values.bytes.begin() + static_cast<std::ptrdiff_t>(index) * size, values.bytes.end() - size,
              values.bytes.end());
}

// InsertKeyFrame's position: after the last key when at or after it, else before the first key with an
// equal or later time.
std::size_t insert_position(const std::vector<float>& times, float time) {
  if (times.empty() || time >= times.back()) return times.size();
  return static_cast<std::size_t>(std::lower_bound(times.begin(), times.end(), time) - times.begin());
}

float key_time(const Json& key, const std::string& path) {
  const Json* time = member(key, "time");
  const float value = time ? float_number(*time, path + ".time") : 0.0f;
  if (value < 0)
    fail(path + ".time", fmt::format("negative key time {} (Resonite's importer throws)", value));
  return value;
}

Interpolation parse_interpolation(const Json* value, const std::string& path) {
  if (!value || value->is_null()) return Interpolation::Hold;  // the property has no initializer
  if (value->is_number_integer()) {
    const auto mode = value->get<std::int64_t>();
    if (mode < 0 || mode > 3) fail(path, fmt::format("expected an interpolation 0..3, found {}", mode));
    return static_cast<Interpolation>(mode);
  }
  if (!value->is_string())
    fail(path, fmt::format("expected an interpolation name, found {}", type_name(*value)));
  std::string name = value->get<std::string>();
  std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
  constexpr const char* kNames[] = {"hold", "linear", "tangent", "cubicbezier"};
  for (std::size_t i = 0; i < 4; ++i) {
    if (name == kNames[i]) return static_cast<Interpolation>(i);
  }
  fail(path,
       fmt::format("expected Hold, Linear, Tangent or CubicBezier, found \"{}\"", value->get<std::string>()));
}

void read_raw(const Json& data, Track& track, const std::string& path) {
  track.interval = float_number(require(data, "interval", path), path + ".interval");
  const Json& frames = require(data, "keyframes", path);
  if (!frames.is_array()) fail(path + ".keyframes", "expected an array of values");
  for (std::size_t i = 0; i < frames.size(); ++i) {
    append_value(track.values, track.element, frames[i], true, fmt::format("{}.keyframes[{}]", path, i));
  }
}

void read_discrete(const Json& data, Track& track, const std::string& path) {
  const Json& keys = require(data, "keyframes", path);
  if (!keys.is_array()) fail(path + ".keyframes", "expected an array of {time, value}");
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const std::string key_path = fmt::format("{}.keyframes[{}]", path, i);
    if (!keys[i].is_object()) fail(key_path, "expected {time, value}");
    const float time = key_time(keys[i], key_path);
    append_value(track.values, track.element, require(keys[i], "value", key_path), true, key_path + ".value");
    const std::size_t at = insert_position(track.times, time);
    track.times.insert(track.times.begin() + static_cast<std::ptrdiff_t>(at), time);
    move_last_to(track.values, track.element, at);
  }
}

void append_tangent(Values& tangents, ElementType element, const Json* value, const std::string& path) {
  if (value) {
    append_value(tangents, element, *value, false, path);
  } else if (is_string(element)) {
    tangents.strings.emplace_back(std::string());
  } else {
    tangents.bytes.resize(tangents.bytes.size() + static_cast<std::size_t>(element_info(element).size), 0);
  }
}

// InsertKeyFrame: the per-key mode list and the tangent list appear when first needed and are never
// dropped; keys inserted before the tangent list existed keep zero tangents.
void read_curve(const Json& data, Track& track, const std::string& path) {
  const Json& keys = require(data, "keyframes", path);
  if (!keys.is_array()) fail(path + ".keyframes", "expected an array of keyframes");
  std::vector<Interpolation> modes;
  bool has_tangents = false;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const std::string key_path = fmt::format("{}.keyframes[{}]", path, i);
    if (!keys[i].is_object())
      fail(key_path, "expected {time, value, interpolation, leftTangent, rightTangent}");
    const float time = key_time(keys[i], key_path);
    const Interpolation mode =
        parse_interpolation(member(keys[i], "interpolation"), key_path + ".interpolation");
    append_value(track.values, track.element, require(keys[i], "value", key_path), false,
                 key_path + ".value");
    const bool needs_tangents = mode == Interpolation::Tangent || mode == Interpolation::CubicBezier;
    if (needs_tangents && !has_tangents) {
      has_tangents = true;
      for (std::size_t k = 0; k < track.times.size(); ++k) {
        append_tangent(track.left_tangents, track.element, nullptr, key_path);
        append_tangent(track.right_tangents, track.element, nullptr, key_path);
      }
    }
    const std::size_t at = insert_position(track.times, time);
    track.times.insert(track.times.begin() + static_cast<std::ptrdiff_t>(at), time);
    modes.insert(modes.begin() + static_cast<std::ptrdiff_t>(at), mode);
    move_last_to(track.values, track.element, at);
    if (has_tangents) {
      append_tangent(track.left_tangents, track.element, member(keys[i], "leftTangent"),
                     key_path + ".leftTangent");
      append_tangent(track.right_tangents, track.element, member(keys[i], "rightTangent"),
                     key_path + ".rightTangent");
      move_last_to(track.left_tangents, track.element, at);
      move_last_to(track.right_tangents, track.element, at);
    }
  }
  const Values left = track.left_tangents, right = track.right_tangents;
  choose_curve_layout(track, modes);
  if (has_tangents) {
    track.left_tangents = left;
    track.right_tangents = right;
  }
}

Track read_track(const Json& object, const std::string& path) {
  if (!object.is_object()) fail(path, fmt::format("expected a track object, found {}", type_name(object)));
  // AnimationTrackConverter reads the tokens in sequence.
  constexpr const char* kOrder[] = {"trackType", "valueType", "data"};
  std::size_t position = 0;
  for (auto it = object.begin(); it != object.end(); ++it, ++position) {
    if (position >= 3 || it.key() != kOrder[position]) {
      fail(path,
           fmt::format("expected the members trackType, valueType, data in that order and nothing else; "
                       "member {} is \"{}\"",
                       position + 1, it.key()));
    }
  }
  if (position != 3) fail(path, "expected the members trackType, valueType, data");
  Track track;
  const Json& type = object["trackType"];
  const std::string type_text = type.is_string() ? type.get<std::string>() : type.dump();
  if (type_text == "Raw") {
    track.type = TrackType::Raw;
  } else if (type_text == "Discrete") {
    track.type = TrackType::Discrete;
  } else if (type_text == "Curve") {
    track.type = TrackType::Curve;
  } else {
    fail(path + ".trackType",
         fmt::format("expected \"Raw\", \"Discrete\" or \"Curve\" (case-sensitive), found {}{}", type.dump(),
                     type_text == "Bezier" ? " (not supported by Resonite)" : ""));
  }
  const Json& value_type = object["valueType"];
  const auto element =
      value_type.is_string() ? element_from_name(value_type.get<std::string>()) : std::nullopt;
  if (!element)
    fail(path + ".valueType",
         fmt::format("unknown value type {} (names are case-sensitive)", value_type.dump()));
  track.element = *element;
  const Json& data = object["data"];
  const std::string data_path = path + ".data";
  if (!data.is_object()) fail(data_path, fmt::format("expected an object, found {}", type_name(data)));
  track.node = plain_string(member(data, "node"), data_path + ".node");
  track.property = plain_string(member(data, "property"), data_path + ".property");
  switch (track.type) {
    case TrackType::Raw:
      read_raw(data, track, data_path);
      break;
    case TrackType::Discrete:
      read_discrete(data, track, data_path);
      break;
    case TrackType::Curve:
      read_curve(data, track, data_path);
      break;
  }
  return track;
}

std::uint64_t line_of(std::string_view text, std::size_t byte) {
  return 1 +
         static_cast<std::uint64_t>(std::count(
             text.begin(), text.begin() + static_cast<std::ptrdiff_t>(std::min(byte, text.size())), '\n'));
}

// Shortest decimal that reads back as the same float, as System.Text.Json prints floats.
Json float_json(float value) {
  return std::stod(fmt::format("{}", value));
}

Json value_json(ElementType element, std::span<const std::uint8_t> bytes) {
  const auto& info = element_info(element);
  const auto numbers = components(element, bytes);
  const auto scalar_json = [&](double number) -> Json {
    switch (info.scalar) {
      case Scalar::Bool:
        return number != 0;
      case Scalar::F32:
        return float_json(static_cast<float>(number));
      case Scalar::F64:
        return number;
      default:
        return static_cast<std::int64_t>(number);
    }
  };
  // 64-bit integers are read from the bytes, since a double cannot hold every one.
  const auto component_json = [&](std::size_t c) -> Json {
    if (info.scalar == Scalar::U64) return load<std::uint64_t>(bytes.data() + c * 8);
    if (info.scalar == Scalar::S64) return load<std::int64_t>(bytes.data() + c * 8);
    return scalar_json(numbers[c]);
  };
  const auto names = component_names(element);
  if (!names.empty()) {
    Json object = Json::object();
    for (std::size_t c = 0; c < names.size(); ++c) object[std::string(1, names[c])] = component_json(c);
    return object;
  }
  if (is_matrix(element)) {
    Json array = Json::array();
    for (std::size_t c = 0; c < numbers.size(); ++c) array.push_back(component_json(c));
    return array;
  }
  return component_json(0);
}

// Where and why text is not JSON. nlohmann reports a number too large for a double as out_of_range, not as
// parse_error, and without a position, so a second pass over the text finds both for every kind of error.
class JsonErrorLocator : public nlohmann::json_sax<Json> {
 public:
  std::size_t byte = 0;
  std::string message;

  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override { return true; }
  bool key(string_t&) override { return true; }
  bool end_object() override { return true; }
  bool start_array(std::size_t) override { return true; }
  bool end_array() override { return true; }
  bool parse_error(std::size_t position, const std::string&,
                   const nlohmann::detail::exception& error) override {
    byte = position;
    message = error.what();
    return false;
  }
};

Json parse_json(std::string_view text) {
  Json root = Json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
  if (!root.is_discarded()) return root;
  JsonErrorLocator locator;
  Json::sax_parse(text.begin(), text.end(), &locator);
  if (locator.message.empty()) locator.message = "not valid JSON";
  throw FormatError(Error{
      kAnimjFormatName, locator.message, {}, line_of(text, locator.byte == 0 ? 0 : locator.byte - 1), {}});
}

}  // namespace

Result<animation::Document> animation::read_animj(std::string_view text) {
  return capture(kAnimjFormatName, [&] {
    const Json root = parse_json(text);
    if (!root.is_object()) fail("$", fmt::format("expected an object, found {}", type_name(root)));
    animation::Document document;
    document.name = plain_string(member(root, "name"), "$.name");
    const Json* duration = member(root, "globalDuration");
    document.global_duration = duration ? float_number(*duration, "$.globalDuration") : 0.0f;
    const Json& tracks = require(root, "tracks", "$");
    if (!tracks.is_array()) fail("$.tracks", fmt::format("expected an array, found {}", type_name(tracks)));
    for (std::size_t i = 0; i < tracks.size(); ++i)
      document.tracks.push_back(read_track(tracks[i], fmt::format("$.tracks[{}]", i)));
    if (document.global_duration == 0) document.global_duration = max_track_duration(document);
    return document;
  });
}

std::string animation::write_animj(const animation::Document& document) {
  Json root = Json::object();
  root["name"] = document.name;
  root["globalDuration"] = float_json(document.global_duration);
  Json tracks = Json::array();
  for (const Track& track : document.tracks) {
    constexpr const char* kTypes[] = {"Raw", "Discrete", "Curve"};
    constexpr const char* kModes[] = {"Hold", "Linear", "Tangent", "CubicBezier"};
    const auto value_at = [&](const Values& values, std::size_t i) -> Json {
      if (is_string(track.element)) return values.strings[i] ? Json(*values.strings[i]) : Json(nullptr);
      return value_json(track.element, value_bytes(track.element, values, i));
    };
    Json data = Json::object();
    data["node"] = track.node;
    data["property"] = track.property;
    Json keys = Json::array();
    if (track.type == TrackType::Raw) {
      data["interval"] = float_json(track.interval);
      for (std::size_t i = 0; i < value_count(track); ++i) keys.push_back(value_at(track.values, i));
    } else {
      for (std::size_t i = 0; i < track.times.size(); ++i) {
        Json key = Json::object();
        key["time"] = float_json(track.times[i]);
        key["value"] = value_at(track.values, i);
        if (track.type == TrackType::Curve) {
          const std::uint8_t mode = (track.flags & kCurvePerKeyInterpolation) ? track.interpolations[i]
                                                                              : track.shared_interpolation;
          key["interpolation"] = mode <= 3 ? Json(kModes[mode]) : Json(mode);
          if (track.flags & kCurveTangents) {
            key["leftTangent"] = value_at(track.left_tangents, i);
            key["rightTangent"] = value_at(track.right_tangents, i);
          }
        }
        keys.push_back(std::move(key));
      }
    }
    data["keyframes"] = std::move(keys);
    Json object = Json::object();
    object["trackType"] = kTypes[static_cast<int>(track.type)];
    object["valueType"] = std::string(element_info(track.element).name);
    object["data"] = std::move(data);
    tracks.push_back(std::move(object));
  }
  root["tracks"] = std::move(tracks);
  // AnimJ is UTF-8 JSON; a binary AnimX may hold names in any bytes: those that are not UTF-8 become U+FFFD.
  return root.dump(2, ' ', false, Json::error_handler_t::replace);
}

}  // namespace bonebridge::animx
