// SPDX-License-Identifier: MIT
#pragma once
// HQR archives (research/lba1-anm.md §3): the offset table, blank and shared slots, hidden entries, the
// 10-byte entry header and the LZ77 schemes of methods 1 and 2.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "bonebridge/formats/lba/hqr/document.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge::lba {

inline constexpr const char* kHqrFormat = "LBA HQR archive";

namespace hqr {
Result<Document> read(std::span<const std::uint8_t> bytes);
std::vector<std::uint8_t> write(const Document& archive);
}  // namespace hqr

// Decodes one entry to its declared size. Fails on an unknown method, on stored data that ends early, on a
// back-reference before the start, on a match that overruns the declared size, and, before allocating, on a
// declared size the stored bytes cannot possibly produce (a decompression bomb).
Result<std::vector<std::uint8_t>> decode_entry(const HqrEntry& entry);

// The largest output `stored_size` bytes of method 1 or 2 can decode to.
std::uint64_t max_decoded_size(std::uint64_t stored_size, std::uint16_t method);

// Compresses with `method` (1 or 2) and falls back to method 0 when that is not smaller.
HqrEntry encode_entry(std::span<const std::uint8_t> data, std::uint16_t method);

// An archive of one block per non-blank entry, compressed with `method` where it helps. A blank first
// entry becomes an empty one (slot 0 also gives the table size, so it cannot hold 0).
hqr::Document build_hqr(const std::vector<std::optional<std::vector<std::uint8_t>>>& entries,
                        std::uint16_t method);

// The entry behind slot `index`, decoded. Fails on a blank slot or an index out of range.
Result<std::vector<std::uint8_t>> hqr_entry(const hqr::Document& archive, std::size_t index);

}  // namespace bonebridge::lba
