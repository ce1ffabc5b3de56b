// SPDX-License-Identifier: MIT
// Retargeting through the C ABI (bb_retarget): the conversion service's retarget step
// (services/retarget.hpp) on the caller's bytes, as `bonebridge convert SOURCE OUT --retarget` runs it, with
// its report as the JSON `convert --retarget --json` prints.
#include <nlohmann/json.hpp>

#include "bonebridge/services/retarget.hpp"
#include "guard.hpp"
#include "options.hpp"

using namespace bonebridge;
using namespace bonebridge::capi;

namespace {

ConvertJob retarget_job(const bb_retarget_input& input) {
  ConvertJob job;
  job.input = text(input.source_name, "source_name");
  job.input_bytes = bytes(input.data, input.size, "source data");
  job.format = text(input.format, "format", true);
  job.output = text(input.output_name, "output_name");
  job.to = text(input.to, "to", true);
  job.options =
      options_of({input.settings, input.setting_count, input.companions, input.companion_count, input.files});
  // Retargeting's own files (--source-map, --target-map; --skeleton is AnimX's too, so options_of read it).
  read_named_companions(job.options, retarget_schema());
  // A std::string moved in, not a literal assigned: GCC 12's -Wrestrict misreads the literal's copy at -O3.
  job.options.values.insert_or_assign("retarget", std::string(1, '1'));
  return job;
}

void retarget_into(const bb_retarget_input& input, bb_buffer& written, bb_buffer* report, bb_buffer* notes) {
  const ConvertJob job = retarget_job(input);
  auto retargeted = value_of(retarget_conversion(job), job.input);
  fill(written, retargeted.bytes);
  fill_if(report, json_text(retarget_json(retargeted)));
  fill_if(notes, json_text(retargeted.notes));
}

}  // namespace

extern "C" bb_status bb_retarget(const bb_retarget_input* input, bb_buffer* bytes, bb_buffer* report,
                                 bb_buffer* notes) {
  return guarded([&] {
    auto& written = output(bytes, "bytes");
    if (report) output(report, "report");
    if (notes) output(notes, "notes");
    retarget_into(*required(input, "input"), written, report, notes);
  });
}
