// SPDX-License-Identifier: MIT
#include "bonebridge/core/roles.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "bonebridge/core/text.hpp"
#include "bonebridge/io/file.hpp"

namespace bonebridge {
namespace {

using R = HumanoidRole;

constexpr std::array<std::string_view, kHumanoidRoleCount> kNames = {"hips",
                                                                     "spine",
                                                                     "chest",
                                                                     "upperChest",
                                                                     "neck",
                                                                     "head",
                                                                     "leftEye",
                                                                     "rightEye",
                                                                     "jaw",
                                                                     "leftUpperLeg",
                                                                     "leftLowerLeg",
                                                                     "leftFoot",
                                                                     "leftToes",
                                                                     "rightUpperLeg",
                                                                     "rightLowerLeg",
                                                                     "rightFoot",
                                                                     "rightToes",
                                                                     "leftShoulder",
                                                                     "leftUpperArm",
                                                                     "leftLowerArm",
                                                                     "leftHand",
                                                                     "rightShoulder",
                                                                     "rightUpperArm",
                                                                     "rightLowerArm",
                                                                     "rightHand",
                                                                     "leftThumbMetacarpal",
                                                                     "leftThumbProximal",
                                                                     "leftThumbDistal",
                                                                     "leftIndexProximal",
                                                                     "leftIndexIntermediate",
                                                                     "leftIndexDistal",
                                                                     "leftMiddleProximal",
                                                                     "leftMiddleIntermediate",
                                                                     "leftMiddleDistal",
                                                                     "leftRingProximal",
                                                                     "leftRingIntermediate",
                                                                     "leftRingDistal",
                                                                     "leftLittleProximal",
                                                                     "leftLittleIntermediate",
                                                                     "leftLittleDistal",
                                                                     "rightThumbMetacarpal",
                                                                     "rightThumbProximal",
                                                                     "rightThumbDistal",
                                                                     "rightIndexProximal",
                                                                     "rightIndexIntermediate",
                                                                     "rightIndexDistal",
                                                                     "rightMiddleProximal",
                                                                     "rightMiddleIntermediate",
                                                                     "rightMiddleDistal",
                                                                     "rightRingProximal",
                                                                     "rightRingIntermediate",
                                                                     "rightRingDistal",
                                                                     "rightLittleProximal",
                                                                     "rightLittleIntermediate",
                                                                     "rightLittleDistal"};

constexpr std::size_t kFirstFinger = static_cast<std::size_t>(R::LeftThumbMetacarpal);
constexpr std::size_t kFingersPerHand = 15;

std::string capitalized(std::string_view name) {
  std::string text(name);
  text[0] = static_cast<char>(text[0] - 'a' + 'A');
  return text;
}

// Unity's HumanBodyBones: VRM's names capitalised, except the thumb, where Unity counts Proximal,
// Intermediate, Distal what VRM 1.0 calls Metacarpal, Proximal, Distal (VRM 0.x used Unity's names).
RoleSource unity_source() {
  RoleSource source{"Unity humanoid", {}};
  for (std::size_t i = 0; i < kHumanoidRoleCount; ++i) {
    std::string name = capitalized(kNames[i]);
    const std::size_t finger = i >= kFirstFinger ? (i - kFirstFinger) % kFingersPerHand : 99;
    if (finger < 3) {
      const std::string side = i < kFirstFinger + kFingersPerHand ? "Left" : "Right";
      name = side + "Thumb" + std::array<const char*, 3>{"Proximal", "Intermediate", "Distal"}[finger];
    }
    source.joints.emplace_back(role_at(i), name);
  }
  return source;
}

// One side's shoulder, arm and leg as Mixamo and CMU's BVH both name them (LeftShoulder, LeftArm,
// LeftForeArm, LeftHand, LeftUpLeg, LeftLeg, LeftFoot, LeftToeBase).
void add_limbs(RoleSource& source, const std::string& side, bool left) {
  source.joints.emplace_back(left ? R::LeftShoulder : R::RightShoulder, side + "Shoulder");
  source.joints.emplace_back(left ? R::LeftUpperArm : R::RightUpperArm, side + "Arm");
  source.joints.emplace_back(left ? R::LeftLowerArm : R::RightLowerArm, side + "ForeArm");
  source.joints.emplace_back(left ? R::LeftHand : R::RightHand, side + "Hand");
  source.joints.emplace_back(left ? R::LeftUpperLeg : R::RightUpperLeg, side + "UpLeg");
  source.joints.emplace_back(left ? R::LeftLowerLeg : R::RightLowerLeg, side + "Leg");
  source.joints.emplace_back(left ? R::LeftFoot : R::RightFoot, side + "Foot");
  source.joints.emplace_back(left ? R::LeftToes : R::RightToes, side + "ToeBase");
}

// Mixamo: research/retargeting.md §1.3 (three-vrm's mixamoVRMRigMap.js).
RoleSource mixamo_source() {
  RoleSource source{"Mixamo",
                    {{R::Hips, "Hips"},
                     {R::Spine, "Spine"},
                     {R::Chest, "Spine1"},
                     {R::UpperChest, "Spine2"},
                     {R::Neck, "Neck"},
                     {R::Head, "Head"},
                     {R::LeftEye, "LeftEye"},
                     {R::RightEye, "RightEye"}}};
  for (const std::string side : {"Left", "Right"}) {
    const bool left = side == "Left";
    add_limbs(source, side, left);
    // Fingers 1, 2, 3 in VRM's order: thumb, index, middle, ring, little ("Pinky" in Mixamo).
    const std::array<const char*, 5> fingers = {"Thumb", "Index", "Middle", "Ring", "Pinky"};
    for (std::size_t f = 0; f < kFingersPerHand; ++f) {
      source.joints.emplace_back(role_at(kFirstFinger + (left ? 0 : kFingersPerHand) + f),
                                 fmt::format("{}Hand{}{}", side, fingers[f / 3], f % 3 + 1));
    }
  }
  for (auto& joint : source.joints) joint.second = "mixamorig:" + joint.second;
  return source;
}

// CMU's subjects as cgspeed's BVH names them (01_01.bvh): a spine of LowerBack, Spine, Spine1 under the
// hips, shoulders and neck under Spine1, Neck1 between Neck and Head (no role); LHipJoint/RHipJoint
// (zero-length, between hips and legs) and the crude hand (LeftFingerBase, LFingers, LThumb) play none.
RoleSource cmu_source() {
  RoleSource source{"CMU BVH",
                    {{R::Hips, "Hips"},
                     {R::Spine, "LowerBack"},
                     {R::Chest, "Spine"},
                     {R::UpperChest, "Spine1"},
                     {R::Neck, "Neck"},
                     {R::Head, "Head"}}};
  for (const std::string side : {"Left", "Right"}) {
    add_limbs(source, side, side == "Left");
  }
  return source;
}

// LEGO Island's actor parts (research/retargeting.md §3.1; legoactors.cpp g_actorLODs), as .ani nodes name
// them: the game has no elbow, knee, foot or spine chain, so ARM plays the upper and the lower arm and BODY
// the spine and the chest; LEG plays only the upper leg (folding the knee and ankle into a rigid leg would
// hold it upright whenever the foot is planted). Names match without case, as the game's FindChildROI does; a
// '-' node (ignored by the game) never matches a part's name.
RoleSource lego_source() {
  RoleSource source{"LEGO Island actor",
                    {{R::Hips, "INFOGRON"}, {R::Spine, "BODY"}, {R::Chest, "BODY"}, {R::Head, "HEAD"}}};
  for (const bool left : {true, false}) {
    const std::string side = left ? "LFT" : "RT";
    source.joints.emplace_back(left ? R::LeftUpperArm : R::RightUpperArm, "ARM-" + side);
    source.joints.emplace_back(left ? R::LeftLowerArm : R::RightLowerArm, "ARM-" + side);
    source.joints.emplace_back(left ? R::LeftHand : R::RightHand, "CLAW-" + side);
    source.joints.emplace_back(left ? R::LeftUpperLeg : R::RightUpperLeg, "LEG-" + side);
  }
  return source;
}

// Volition rigs (Saints Row, Red Faction Guerrilla) name their bones in the file (research/retargeting.md
// §3.4: "l-"/"r-" bones). pelvis, spine2, head, l-upperarm and l-forearm are the names of the project's
// example rig (examples/volition/wave_character.rig_pc); the rest follow the same 3ds Max Biped pattern and
// are assumed, not read from a game's rig (none is public).
RoleSource volition_source() {
  RoleSource source{"Volition rig",
                    {{R::Hips, "pelvis"},
                     {R::Spine, "spine"},
                     {R::Chest, "spine1"},
                     {R::UpperChest, "spine2"},
                     {R::Neck, "neck"},
                     {R::Head, "head"}}};
  for (const bool left : {true, false}) {
    const std::string s = left ? "l-" : "r-";
    const auto pick = [left](R l, R r) { return left ? l : r; };
    source.joints.insert(source.joints.end(), {{pick(R::LeftShoulder, R::RightShoulder), s + "clavicle"},
                                               {pick(R::LeftUpperArm, R::RightUpperArm), s + "upperarm"},
                                               {pick(R::LeftLowerArm, R::RightLowerArm), s + "forearm"},
                                               {pick(R::LeftHand, R::RightHand), s + "hand"},
                                               {pick(R::LeftUpperLeg, R::RightUpperLeg), s + "thigh"},
                                               {pick(R::LeftLowerLeg, R::RightLowerLeg), s + "calf"},
                                               {pick(R::LeftFoot, R::RightFoot), s + "foot"},
                                               {pick(R::LeftToes, R::RightToes), s + "toe"}});
  }
  return source;
}

// Sith models (.3do) name their hierarchy nodes freely; these are the names of the one real humanoid-ish
// model at hand (IJIM's sed_pd.3do, ../shared/samples/sith: torso, head, larm > l4arm > lwrist, rarm > r4arm
// > rwrist). Kyle's own names are not public (research/retargeting.md §3.2). Hips, neck and head come from
// the puppet's joint table instead (sith::puppet_roles), which the Sith family gives with the model.
RoleSource sith_source() {
  return {"Sith model",
          {{R::Spine, "torso"},
           {R::Chest, "torso"},
           {R::Head, "head"},
           {R::LeftUpperArm, "larm"},
           {R::LeftLowerArm, "l4arm"},
           {R::LeftHand, "lwrist"},
           {R::RightUpperArm, "rarm"},
           {R::RightLowerArm, "r4arm"},
           {R::RightHand, "rwrist"}}};
}

RoleSource vrm_source() {
  RoleSource source{"VRM", {}};
  for (std::size_t i = 0; i < kHumanoidRoleCount; ++i) source.joints.emplace_back(role_at(i), kNames[i]);
  return source;
}

// The name without a namespace ("mixamorig:Hips", "Armature|Hips" -> "Hips").
std::string_view unqualified(std::string_view name) {
  const std::size_t cut = name.find_last_of(":|");
  return cut == std::string_view::npos ? name : name.substr(cut + 1);
}

// A skeleton's joints by name, three ways: as written, without namespace, and that without case.
struct NameIndex {
  std::map<std::string, int, std::less<>> exact, bare, folded;
  explicit NameIndex(const Skeleton& skeleton) {
    for (std::size_t i = 0; i < skeleton.joints.size(); ++i) {
      const std::string& name = skeleton.joints[i].name;
      exact.emplace(name, static_cast<int>(i));
      bare.emplace(std::string(unqualified(name)), static_cast<int>(i));
      folded.emplace(fold_case(std::string(unqualified(name))), static_cast<int>(i));
    }
  }
  // The joint a source's name means, and whether its case matched.
  std::pair<int, bool> find(const std::string& name) const {
    if (const auto at = exact.find(name); at != exact.end()) return {at->second, true};
    const std::string bare_name(unqualified(name));
    if (const auto at = bare.find(bare_name); at != bare.end()) return {at->second, true};
    if (const auto at = folded.find(fold_case(bare_name)); at != folded.end()) return {at->second, false};
    return {-1, false};
  }
};

struct Placement {
  RoleMap roles;
  std::vector<std::string> absent;
  std::size_t placed = 0, exact = 0;
};

// Whether `role` may join the roles `joint` already plays: only roles of one chain share a joint.
bool may_share(const RoleMap& roles, int joint, HumanoidRole role) {
  for (const HumanoidRole other : roles.roles_of(joint)) {
    if (!is_role_ancestor(other, role) && !is_role_ancestor(role, other)) return false;
  }
  return true;
}

Placement place(const NameIndex& index, const RoleSource& source) {
  Placement result;
  for (const auto& [role, name] : source.joints) {
    const auto [joint, exact] = index.find(name);
    if (joint < 0 || result.roles.joint_of(role) >= 0 || !may_share(result.roles, joint, role)) {
      if (joint < 0) result.absent.push_back(name);
      continue;
    }
    result.roles.joints[static_cast<std::size_t>(role)] = joint;
    ++result.placed;
    result.exact += exact ? 1 : 0;
  }
  return result;
}

bool descends_from(const Skeleton& skeleton, int joint, int ancestor) {
  // Bounded by the joint count, so that a malformed (cyclic) parent chain cannot loop.
  for (std::size_t steps = 0; joint >= 0 && steps <= skeleton.joints.size(); ++steps) {
    if (static_cast<std::size_t>(joint) >= skeleton.joints.size()) return false;
    joint = skeleton.joints[static_cast<std::size_t>(joint)].parent;
    if (joint == ancestor) return true;
  }
  return false;
}

std::vector<std::string> misplaced_roles(const Skeleton& skeleton, const RoleMap& roles) {
  std::vector<std::string> problems;
  for (std::size_t i = 0; i < kHumanoidRoleCount; ++i) {
    const int joint = roles.joints[i];
    if (joint < 0) continue;
    auto parent = role_parent(role_at(i));
    while (parent && roles.joint_of(*parent) < 0) parent = role_parent(*parent);
    const int above = parent ? roles.joint_of(*parent) : -1;
    if (!parent || joint == above || descends_from(skeleton, joint, above)) continue;
    problems.push_back(fmt::format("{} is '{}', not under {} '{}'", kNames[i],
                                   skeleton.joints[static_cast<std::size_t>(joint)].name, role_name(*parent),
                                   skeleton.joints[static_cast<std::size_t>(above)].name));
  }
  return problems;
}

RoleReport report_for(const Skeleton& skeleton, const RoleSource& source, const Placement& placement) {
  RoleReport report{source.name, {}, {}, {}, placement.absent, misplaced_roles(skeleton, placement.roles),
                    {}};
  for (std::size_t i = 0; i < kHumanoidRoleCount; ++i) {
    if (placement.roles.joints[i] >= 0) continue;
    (is_required(role_at(i)) ? report.missing_required : report.missing_optional).push_back(role_at(i));
  }
  for (std::size_t j = 0; j < skeleton.joints.size(); ++j) {
    auto roles = placement.roles.roles_of(static_cast<int>(j));
    if (roles.empty()) report.unmapped_joints.push_back(static_cast<int>(j));
    if (roles.size() > 1) report.shared.emplace_back(static_cast<int>(j), std::move(roles));
  }
  return report;
}

}  // namespace

std::string_view role_name(HumanoidRole role) {
  return kNames[static_cast<std::size_t>(role)];
}

std::optional<HumanoidRole> role_from_name(std::string_view name) {
  const auto at = std::find(kNames.begin(), kNames.end(), name);
  if (at == kNames.end()) return std::nullopt;
  return role_at(static_cast<std::size_t>(at - kNames.begin()));
}

bool is_required(HumanoidRole role) {
  switch (role) {
    case R::Hips:
    case R::Spine:
    case R::Head:
    case R::LeftUpperLeg:
    case R::LeftLowerLeg:
    case R::LeftFoot:
    case R::RightUpperLeg:
    case R::RightLowerLeg:
    case R::RightFoot:
    case R::LeftUpperArm:
    case R::LeftLowerArm:
    case R::LeftHand:
    case R::RightUpperArm:
    case R::RightLowerArm:
    case R::RightHand:
      return true;
    default:
      return false;
  }
}

std::optional<HumanoidRole> role_parent(HumanoidRole role) {
  const auto index = static_cast<std::size_t>(role);
  if (index >= kFirstFinger) {
    // Each finger is a chain of three from the hand.
    const std::size_t in_hand = (index - kFirstFinger) % kFingersPerHand;
    if (in_hand % 3 != 0) return role_at(index - 1);
    return index < kFirstFinger + kFingersPerHand ? R::LeftHand : R::RightHand;
  }
  switch (role) {
    case R::Hips:
      return std::nullopt;
    case R::Spine:
    case R::LeftUpperLeg:
    case R::RightUpperLeg:
      return R::Hips;
    case R::Chest:
      return R::Spine;
    case R::UpperChest:
      return R::Chest;
    case R::Neck:
    case R::LeftShoulder:
    case R::RightShoulder:
      return R::UpperChest;
    case R::Head:
      return R::Neck;
    case R::LeftEye:
    case R::RightEye:
    case R::Jaw:
      return R::Head;
    case R::LeftUpperArm:
      return R::LeftShoulder;
    case R::RightUpperArm:
      return R::RightShoulder;
    default:
      return role_at(index - 1);  // each limb lists its chain in order: upper, lower, foot/hand, toes
  }
}

bool is_role_ancestor(HumanoidRole ancestor, HumanoidRole role) {
  for (auto up = role_parent(role); up; up = role_parent(*up)) {
    if (*up == ancestor) return true;
  }
  return false;
}

std::vector<HumanoidRole> RoleMap::roles_of(int joint) const {
  std::vector<HumanoidRole> roles;
  for (std::size_t i = 0; joint >= 0 && i < kHumanoidRoleCount; ++i) {
    if (joints[i] == joint) roles.push_back(role_at(i));
  }
  return roles;
}

std::optional<HumanoidRole> RoleMap::role_of(int joint) const {
  const auto at = std::find(joints.begin(), joints.end(), joint);
  if (joint < 0 || at == joints.end()) return std::nullopt;
  return role_at(static_cast<std::size_t>(at - joints.begin()));
}

const std::vector<RoleSource>& builtin_role_sources() {
  static const std::vector<RoleSource> sources = {vrm_source(), unity_source(), mixamo_source(),
                                                  cmu_source(), lego_source(),  volition_source(),
                                                  sith_source()};
  return sources;
}

namespace {

[[noreturn]] void fail_map(const std::string& file, std::string message,
                           std::optional<std::uint64_t> line = {}) {
  throw FormatError(Error{"JSON role map", std::move(message), std::nullopt, line, file});
}

// The JSON value, with a duplicated role (which nlohmann's parser would silently overwrite) an error.
nlohmann::json parse_map(std::string_view json, const std::string& file) {
  std::set<std::string> keys;
  std::string duplicate;
  const auto callback = [&](int depth, nlohmann::json::parse_event_t event, nlohmann::json& value) {
    if (event == nlohmann::json::parse_event_t::key && depth == 1 &&
        !keys.insert(value.get<std::string>()).second && duplicate.empty()) {
      duplicate = value.get<std::string>();
    }
    return true;
  };
  try {
    nlohmann::json value = nlohmann::json::parse(json.begin(), json.end(), callback);
    if (!duplicate.empty()) fail_map(file, fmt::format("role '{}' is given twice", duplicate));
    return value;
  } catch (const nlohmann::json::parse_error& error) {
    const std::size_t end = std::min<std::size_t>(error.byte, json.size());
    const auto line = static_cast<std::uint64_t>(
                          std::count(json.begin(), json.begin() + static_cast<std::ptrdiff_t>(end), '\n')) +
                      1;
    fail_map(file, fmt::format("not JSON: {}", error.what()), line);
  } catch (const nlohmann::json::exception& error) {  // a number beyond double's range (out_of_range 406)
    fail_map(file, fmt::format("not JSON that can be read: {}", error.what()));
  }
}

}  // namespace

Result<RoleSource> read_role_map(std::string_view json, const std::string& file) {
  return capture("JSON role map", [&] {
    const nlohmann::json value = parse_map(json, file);
    if (!value.is_object()) {
      fail_map(file, fmt::format("expected an object {{\"role\": \"joint name\", ...}}, found {}",
                                 value.type_name()));
    }
    RoleSource source{file, {}};
    std::map<std::string, std::vector<HumanoidRole>> roles_of_joint;
    for (const auto& [key, joint] : value.items()) {
      const auto role = role_from_name(key);
      if (!role) {
        fail_map(file, fmt::format("unknown role '{}'; expected one of VRM 1.0's humanoid bone names (hips, "
                                   "spine, chest, upperChest, neck, head, leftUpperArm, ...)",
                                   key));
      }
      if (!joint.is_string() || joint.get<std::string>().empty()) {
        fail_map(file, fmt::format("role '{}': expected a joint name, found {}", key, joint.dump()));
      }
      auto& shared = roles_of_joint[joint.get<std::string>()];
      for (const HumanoidRole other : shared) {
        if (is_role_ancestor(other, *role) || is_role_ancestor(*role, other)) continue;
        fail_map(file, fmt::format("joint '{}' is given two roles, '{}' and '{}', which are not one chain (a "
                                   "joint plays several roles only as a part standing for a chain of bones)",
                                   joint.get<std::string>(), role_name(other), key));
      }
      shared.push_back(*role);
      source.joints.emplace_back(*role, joint.get<std::string>());
    }
    return source;
  });
}

Result<RoleSource> read_role_map_file(const std::filesystem::path& path) {
  // A map names at most a few hundred joints; a larger file is not one.
  const auto bytes = read_file(path, std::uintmax_t{1} << 24);
  if (!bytes.ok()) return bytes.error();
  return read_role_map(std::string_view(reinterpret_cast<const char*>(bytes->data()), bytes->size()),
                       path.string());
}

RoleAssignment roles_for(const Skeleton& skeleton, const RoleSource* source) {
  const NameIndex index(skeleton);
  const RoleSource* chosen = source;
  Placement best;
  if (chosen) {
    best = place(index, *chosen);
  } else {
    for (const RoleSource& candidate : builtin_role_sources()) {
      Placement placement = place(index, candidate);
      if (chosen && std::pair(placement.placed, placement.exact) <= std::pair(best.placed, best.exact))
        continue;
      chosen = &candidate;
      best = std::move(placement);
    }
    // A convention lists every name it knows (all 30 fingers); only a map file's absent names are news.
    best.absent.clear();
  }
  return {best.roles, report_for(skeleton, *chosen, best)};
}

}  // namespace bonebridge
