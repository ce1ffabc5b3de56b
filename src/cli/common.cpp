#include <iostream>

#include "verbs.hpp"

namespace bonebridge::cli {

void InputOptions::add_to(CLI::App& command) {
  command.add_option("--format", format, "Force a format family by id (see `formats`)");
  command.add_option("--model", model, "Sith: the .3do model whose hierarchy the .key animates");
  command.add_option("--body", body, "LBA: the body (file or BODY.HQR:N) the .anm animates");
  command.add_option("--palette", palette,
                     "LBA: the 768-byte palette (file or RESS.HQR:0) that colours a body");
  command.add_option("--rig", rig, "Volition: the .rig_pc skeleton the .anim_pc animates");
  command.add_option("--skeleton", skeleton, "Resonite: a glTF file whose hierarchy the clip animates");
  command.add_option("--variant", variant, "Family variant (LBA: lba1 or lba2; Sith: jk or ijim)");
  command.add_option("--unit-scale", unit_scale, "Game units to metres (default: the family's)");
  command.add_flag("--strict", strict, "Treat what the game would reject as errors, not warnings");
  command.add_option("--option", extra, "A family setting as KEY=VALUE (see `formats`), repeatable");
}

Options InputOptions::to_options() const {
  Options options;
  const std::pair<const char*, const std::string*> named[] = {
      {"model", &model},       {"body", &body},       {"palette", &palette},      {"rig", &rig},
      {"skeleton", &skeleton}, {"variant", &variant}, {"unit-scale", &unit_scale}};
  for (const auto& [key, value] : named) {
    if (!value->empty()) options.values[key] = *value;
  }
  if (strict) options.values["strict"] = "1";
  for (const auto& setting : extra) {
    const auto equals = setting.find('=');
    options.values[setting.substr(0, equals)] =
        equals == std::string::npos ? "1" : setting.substr(equals + 1);
  }
  return options;
}

int report_error(const Error& error) {
  std::cerr << "bonebridge: error: " << error.to_string() << "\n";
  return kInvalidInput;
}

}  // namespace bonebridge::cli
