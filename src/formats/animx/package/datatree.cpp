// SPDX-License-Identifier: MIT
// FrDT data trees as Elements.Core's DataTreeConverter writes them: "FrDT", int32 version (0), the
// compression id as a 7-bit-encoded integer, then a BSON document, plain or compressed. LZ4 and LZMA are the
// AnimX codec's streams (LZ4Stream chunks, LZMAHelper); Brotli is a plain Brotli stream.
#include <brotli/decode.h>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <algorithm>
#include <memory>

#include "../varint.hpp"
#include "bonebridge/formats/animx/compression.hpp"
#include "bonebridge/formats/animx/package/codec.hpp"

namespace bonebridge::animx::package {
namespace {

constexpr std::size_t kMaxTreeBytes = std::size_t{64} << 20;
constexpr std::size_t kMaxDepth = 256;

Error tree_error(std::string message, std::optional<std::uint64_t> offset) {
  return Error{kDataTreeFormat, std::move(message), offset, {}, {}};
}

Result<std::vector<std::uint8_t>> brotli_decode(std::span<const std::uint8_t> input,
                                                std::size_t base_offset) {
  const std::unique_ptr<BrotliDecoderState, void (*)(BrotliDecoderState*)> state(
      BrotliDecoderCreateInstance(nullptr, nullptr, nullptr), BrotliDecoderDestroyInstance);
  if (!state) return tree_error("out of memory for the Brotli decoder", base_offset);
  std::vector<std::uint8_t> output;
  const std::uint8_t* next_in = input.data();
  std::size_t available_in = input.size();
  for (;;) {
    std::uint8_t chunk[65536];
    std::uint8_t* next_out = chunk;
    std::size_t available_out = sizeof chunk;
    const auto result = BrotliDecoderDecompressStream(state.get(), &available_in, &next_in, &available_out,
                                                      &next_out, nullptr);
    output.insert(output.end(), chunk, next_out);
    if (output.size() > kMaxTreeBytes) {
      return tree_error(fmt::format("Brotli data expands beyond {} bytes", kMaxTreeBytes), base_offset);
    }
    const auto consumed = base_offset + static_cast<std::size_t>(next_in - input.data());
    if (result == BROTLI_DECODER_RESULT_SUCCESS) return output;
    if (result == BROTLI_DECODER_RESULT_ERROR) {
      return tree_error(fmt::format("Brotli stream is corrupt ({})",
                                    BrotliDecoderErrorString(BrotliDecoderGetErrorCode(state.get()))),
                        consumed);
    }
    if (result == BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT) {
      return tree_error("the Brotli stream ends before its last block (the file is cut)", consumed);
    }
  }
}

// The DOM builder, refusing objects and arrays nested deeper than kMaxDepth: nlohmann's BSON reader recurses
// once per level.
class DepthLimitedBuilder : public nlohmann::detail::json_sax_dom_parser<nlohmann::json> {
 public:
  using json_sax_dom_parser::json_sax_dom_parser;
  bool start_object(std::size_t size) { return enter() && json_sax_dom_parser::start_object(size); }
  bool start_array(std::size_t size) { return enter() && json_sax_dom_parser::start_array(size); }
  bool end_object() { return leave() && json_sax_dom_parser::end_object(); }
  bool end_array() { return leave() && json_sax_dom_parser::end_array(); }
  bool too_deep() const { return too_deep_; }

 private:
  bool enter() {
    too_deep_ = ++depth_ > kMaxDepth;
    return !too_deep_;
  }
  bool leave() {
    --depth_;
    return true;
  }
  std::size_t depth_ = 0;
  bool too_deep_ = false;
};

// `payload_offset`: where the BSON (or its compressed form) starts; plain BSON's offsets are the file's.
Result<nlohmann::json> parse_bson(std::span<const std::uint8_t> bson, std::size_t payload_offset,
                                  bool plain) {
  nlohmann::json root;
  DepthLimitedBuilder builder(root);
  try {
    const bool complete =
        nlohmann::json::sax_parse(bson.begin(), bson.end(), &builder, nlohmann::json::input_format_t::bson);
    if (builder.too_deep()) {
      return tree_error(fmt::format("BSON nested deeper than {} levels", kMaxDepth), payload_offset);
    }
    if (!complete) return tree_error("BSON document is incomplete", payload_offset);
  } catch (const nlohmann::json::exception& error) {
    const auto* parse = dynamic_cast<const nlohmann::json::parse_error*>(&error);
    const std::size_t at = parse && parse->byte > 0 ? parse->byte - 1 : 0;  // nlohmann counts from 1
    const std::string where = plain ? "" : fmt::format(" (byte {} of the decompressed BSON)", at);
    return tree_error(fmt::format("BSON: {}{}", error.what(), where),
                      plain ? payload_offset + at : payload_offset);
  }
  if (!root.is_object()) return tree_error("the BSON document is not an object", payload_offset);
  return root;
}

}  // namespace

Result<DataTree> read_data_tree(std::span<const std::uint8_t> bytes) {
  return guard(kDataTreeFormat, [&]() -> Result<DataTree> {
    ByteReader reader(bytes, kDataTreeFormat);
    constexpr std::uint8_t kDataTreeMagic[] = {'F', 'r', 'D', 'T'};
    const auto magic = reader.bytes(std::min<std::size_t>(4, bytes.size()), "magic");
    if (!std::equal(magic.begin(), magic.end(), std::begin(kDataTreeMagic), std::end(kDataTreeMagic))) {
      return tree_error(
          fmt::format("expected the magic \"FrDT\" (46 72 44 54), found {:02x}", fmt::join(magic, " ")), 0);
    }
    DataTree tree;
    tree.version = reader.s32("version");
    if (tree.version != 0) {
      return tree_error(
          fmt::format("version {}: only version 0 exists (Resonite refuses newer ones)", tree.version), 4);
    }
    const std::size_t id_offset = reader.offset();
    const std::uint64_t id = read_varint(reader, "compression id");
    if (id > 3) {
      return tree_error(
          fmt::format("unknown compression id {} (expected 0 none, 1 LZ4, 2 LZMA or 3 Brotli)", id),
          id_offset);
    }
    tree.compression = static_cast<TreeCompression>(id);
    const std::size_t payload_offset = reader.offset();
    const auto payload = reader.rest();
    Result<std::vector<std::uint8_t>> decoded = std::vector<std::uint8_t>(payload.begin(), payload.end());
    if (tree.compression == TreeCompression::Lz4) decoded = lz4_decode(payload, payload_offset);
    if (tree.compression == TreeCompression::Lzma) decoded = lzma_decode(payload, payload_offset);
    if (tree.compression == TreeCompression::Brotli) decoded = brotli_decode(payload, payload_offset);
    if (!decoded) {
      Error error = decoded.error();
      error.format = kDataTreeFormat;
      return error;
    }
    if (decoded->size() > kMaxTreeBytes) {
      return tree_error(fmt::format("the BSON is {} bytes, beyond {}", decoded->size(), kMaxTreeBytes),
                        payload_offset);
    }
    auto root = parse_bson(*decoded, payload_offset, tree.compression == TreeCompression::None);
    if (!root) return root.error();
    tree.root = std::move(root).value();
    return tree;
  });
}

}  // namespace bonebridge::animx::package
