// SPDX-License-Identifier: MIT
#include "extras.hpp"

#include "bonebridge/core/text.hpp"

namespace bonebridge::gltf {
namespace {

nlohmann::json vec3_channel(const Channel<Vec3>& channel) {
  auto values = nlohmann::json::array();
  for (const auto& v : channel.values) values.push_back({v.x, v.y, v.z});
  return {{"interpolation", to_string(channel.interpolation)}, {"times", channel.times}, {"values", values}};
}

nlohmann::json quat_channel(const Channel<Quat>& channel) {
  auto values = nlohmann::json::array();
  for (const auto& q : channel.values) values.push_back({q.x, q.y, q.z, q.w});
  return {{"interpolation", to_string(channel.interpolation)}, {"times", channel.times}, {"values", values}};
}

template <class Value, class Make>
Channel<Value> read_channel(const nlohmann::json& json, Make make) {
  Channel<Value> channel;
  channel.interpolation = interpolation_of(json.value("interpolation", "LINEAR"));
  channel.times = json.at("times").get<std::vector<double>>();
  for (const auto& v : json.at("values")) channel.values.push_back(make(v));
  return channel;
}

}  // namespace

Interpolation interpolation_of(const std::string& name) {
  if (name == "STEP") return Interpolation::Step;
  if (name == "CUBICSPLINE") return Interpolation::CubicSpline;
  return Interpolation::Linear;
}

nlohmann::json clip_extras(const Clip& clip) {
  nlohmann::json out = {{"duration", clip.duration}};
  if (!clip.visibility.empty()) {
    auto tracks = nlohmann::json::array();
    for (const auto& track : clip.visibility) {
      tracks.push_back({{"joint", track.joint}, {"times", track.times}, {"visible", track.visible}});
    }
    out["visibility"] = tracks;
  }
  if (!clip.events.empty()) {
    auto events = nlohmann::json::array();
    for (const auto& e : clip.events)
      events.push_back({{"time", e.time}, {"name", to_utf8(e.name)}, {"type", to_utf8(e.type)}});
    out["events"] = events;
  }
  if (!clip.properties.empty()) {
    auto tracks = nlohmann::json::array();
    for (const auto& p : clip.properties) {
      nlohmann::json track = {{"node", to_utf8(p.node)},
                              {"property", to_utf8(p.property)},
                              {"valueType", p.value_type},
                              {"components", p.components},
                              {"interpolation", to_string(p.interpolation)},
                              {"times", p.times}};
      if (!p.strings.empty())
        track["strings"] = p.strings;
      else
        track["values"] = p.values;
      tracks.push_back(track);
    }
    out["properties"] = tracks;
  }
  if (clip.root_motion) {
    nlohmann::json root = nlohmann::json::object();
    if (clip.root_motion->translation) root["translation"] = vec3_channel(*clip.root_motion->translation);
    if (clip.root_motion->rotation) root["rotation"] = quat_channel(*clip.root_motion->rotation);
    out["rootMotion"] = root;
  }
  if (!clip.metadata.empty()) out["metadata"] = clip.metadata;
  return out;
}

void read_clip_extras(const nlohmann::json& extras, Clip& clip) {
  if (!extras.is_object()) return;
  if (extras.contains("duration")) clip.duration = extras["duration"].get<double>();
  for (const auto& track : extras.value("visibility", nlohmann::json::array())) {
    clip.visibility.push_back({track.at("joint").get<int>(), track.at("times").get<std::vector<double>>(),
                               track.at("visible").get<std::vector<bool>>()});
  }
  for (const auto& e : extras.value("events", nlohmann::json::array())) {
    clip.events.push_back({e.at("time").get<double>(), e.value("name", ""), e.value("type", "")});
  }
  for (const auto& p : extras.value("properties", nlohmann::json::array())) {
    PropertyTrack track;
    track.node = p.value("node", "");
    track.property = p.value("property", "");
    track.value_type = p.value("valueType", "");
    track.components = p.value("components", 1);
    track.interpolation = interpolation_of(p.value("interpolation", "LINEAR"));
    track.times = p.at("times").get<std::vector<double>>();
    if (p.contains("strings")) track.strings = p["strings"].get<std::vector<std::string>>();
    if (p.contains("values")) track.values = p["values"].get<std::vector<double>>();
    clip.properties.push_back(std::move(track));
  }
  if (extras.contains("rootMotion")) {
    const auto& root = extras["rootMotion"];
    RootMotion motion;
    if (root.contains("translation")) {
      motion.translation = read_channel<Vec3>(root["translation"], [](const nlohmann::json& v) {
        return Vec3{v.at(0).get<double>(), v.at(1).get<double>(), v.at(2).get<double>()};
      });
    }
    if (root.contains("rotation")) {
      motion.rotation = read_channel<Quat>(root["rotation"], [](const nlohmann::json& v) {
        return Quat{v.at(0).get<double>(), v.at(1).get<double>(), v.at(2).get<double>(),
                    v.at(3).get<double>()};
      });
    }
    clip.root_motion = std::move(motion);
  }
  if (extras.contains("metadata"))
    clip.metadata = extras["metadata"].get<std::map<std::string, std::string>>();
}

}  // namespace bonebridge::gltf
