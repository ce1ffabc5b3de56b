// SPDX-License-Identifier: MIT
#pragma once
// A small SI laid out by hand, field by field, from the layout in libweaver (SIEdit sitypes.h,
// interleaf.cpp) and the engine's readers (isle LEGO1/omni/src/action/mxds*.cpp, stream/mxdsbuffer.cpp).
// It is what a scene looks like in ISLE.SI: a composite (parallel action played by LegoAnimMMPresenter)
// holding a sound and an animation, whose chunks share one MxDa list. Buffers are 1024 bytes.
//
//    byte  what
//       0  RIFF <size> OMNI
//      12  MxHd: version, buffer size 1024, buffer count 8
//      32  MxOf: count 1, offset of the scene's MxSt (60)
//      48  LIST <size> MxSt
//      60    MxSt <size>
//      68      MxOb (474 bytes): the composite "scene" (id 0) and, in its LIST MxCh, "voice" (id 1, a sound,
//              160 bytes) and "walk" (id 2, an object action with media " OBJ", 156 bytes)
//     550      LIST <size> MxDa
//     562        MxCh voice, first chunk: 16 bytes of wave format
//     600        MxCh walk, split: the first 396 of its 696 bytes, ends at 1018
//    1018        6 zero bytes: too few for a chunk header before the boundary at 1024, so readers skip them
//    1024        MxCh walk, split: the other 300 bytes
//    1346        MxCh voice: 101 bytes of samples (odd: one pad byte follows)
//    1470        MxCh walk, end of stream
//    1492        MxCh voice, end of stream
//    1514    pad (534 bytes) up to the buffer boundary at 2048
//
// Composite record: u16 type 7, "LegoAnimMMPresenter\0" (20), u32, "scene\0" (6), u32 id, 88 bytes of
// action fields, u16 extra length 0 = 126 bytes; then its child list: "LIST", size, "MxCh", u32 count 2 (16)
// and the two child MxOb chunks (8 + 160 and 8 + 156): 126 + 16 + 168 + 164 = 474.
// voice: 2 + "MxWavePresenter\0" (16) + 4 + "voice\0" (6) + 4 + 88 + 2 + "voice.wav\0" (10) + 24 media bytes
// + 4 volume = 160. walk: 2 + "LegoAnimPresenter\0" (18) + 4 + "walk\0" (5) + 4 + 88 + 2 + "walk.ani\0" (9)
// + 24 = 156.
#include <bit>
#include <cstdint>
#include <string_view>
#include <vector>

#include "formats/volition/bytes_builder.hpp"

namespace bonebridge::archive::testing {

struct SiSample {
  std::vector<std::uint8_t> bytes;
  std::vector<std::uint8_t> format, samples, animation;  // voice = format + samples; walk = animation
  std::size_t walk_first_at = 0, walk_second_at = 0, samples_at = 0, child_count_at = 0, walk_type_at = 0;
};

class SiBuilder {
 public:
  using Bytes = volition::test_bytes::Bytes;
  Bytes b;

  std::size_t open(std::string_view id) {
    b.data.insert(b.data.end(), id.begin(), id.end());
    b.u32(0);
    return b.size() - 4;
  }
  void close(std::size_t size_at) {
    const auto size = static_cast<std::uint32_t>(b.size() - size_at - 4);
    for (int i = 0; i < 4; ++i) b.data[size_at + i] = static_cast<std::uint8_t>(size >> (8 * i));
    if (size % 2 != 0) b.u8(0);
  }
  void fourcc(std::string_view id) { b.data.insert(b.data.end(), id.begin(), id.end()); }

  // MxDSObject and MxDSAction fields: flags 0x20, start 0, duration 0, loops 1, origin, +z, +y, no extra.
  void action(std::uint16_t type, std::string_view presenter, std::string_view name, std::uint32_t id) {
    b.u16(type).text(presenter).u32(0).text(name).u32(id);
    b.u32(0x20).u32(0).u32(0).u32(1);
    for (const double v : {0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 1.0, 0.0}) {
      const auto bits = std::bit_cast<std::uint64_t>(v);
      b.u32(static_cast<std::uint32_t>(bits)).u32(static_cast<std::uint32_t>(bits >> 32));
    }
    b.u16(0);
  }
  // MxDSMediaAction fields: source path, two unknown u32, frames per second, format, palette, sustain.
  void media(std::string_view path, std::string_view format) {
    b.text(path).u32(0).u32(0).u32(1);
    fourcc(format);
    b.u32(1).u32(0);
  }
  std::size_t chunk(std::uint16_t flags, std::uint32_t object, std::uint32_t time, std::uint32_t length,
                    const std::vector<std::uint8_t>& data) {
    const std::size_t at = b.size();
    const std::size_t size_at = open("MxCh");
    b.u16(flags).u32(object).u32(time).u32(length);
    b.data.insert(b.data.end(), data.begin(), data.end());
    close(size_at);
    return at;
  }
};

inline std::vector<std::uint8_t> pattern(std::size_t size, std::uint8_t first, std::uint8_t step) {
  std::vector<std::uint8_t> out(size);
  for (std::size_t i = 0; i < size; ++i) out[i] = static_cast<std::uint8_t>(first + step * i);
  return out;
}

inline void scene_record(SiBuilder& s, SiSample& sample, std::uint32_t version) {
  s.action(7, "LegoAnimMMPresenter", "scene", 0);
  const std::size_t list = s.open("LIST");
  s.fourcc("MxCh");
  if (version == 0x00010002) s.b.u32(0);  // the extra list field of version 2.1 files (libweaver)
  sample.child_count_at = s.b.size();
  s.b.u32(2);
  const std::size_t voice = s.open("MxOb");
  s.action(4, "MxWavePresenter", "voice", 1);
  s.media("voice.wav", " WAV");
  s.b.u32(79);  // volume
  s.close(voice);
  const std::size_t walk = s.open("MxOb");
  sample.walk_type_at = s.b.size();
  s.action(11, "LegoAnimPresenter", "walk", 2);
  s.media("walk.ani", " OBJ");
  s.close(walk);
  s.close(list);
}

inline SiSample hand_laid_si(std::uint32_t version = 0x00020002) {
  SiSample sample;
  sample.format = {1, 0, 1, 0, 0x22, 0x56, 0, 0, 0x22, 0x56, 0, 0, 1, 0, 8, 0};
  sample.samples = pattern(101, 0x80, 3);
  sample.animation = pattern(696, 0x11, 7);
  SiBuilder s;
  const std::size_t riff = s.open("RIFF");
  s.fourcc("OMNI");
  const std::size_t header = s.open("MxHd");
  s.b.u32(version).u32(1024).u32(8);
  s.close(header);
  const std::size_t offsets = s.open("MxOf");
  s.b.u32(1).u32(60);  // the scene's MxSt
  s.close(offsets);
  const std::size_t streams = s.open("LIST");
  s.fourcc("MxSt");
  const std::size_t stream = s.open("MxSt");
  const std::size_t record = s.open("MxOb");
  scene_record(s, sample, version);
  s.close(record);
  const std::size_t data = s.open("LIST");
  s.fourcc("MxDa");
  const std::vector<std::uint8_t> first(sample.animation.begin(), sample.animation.begin() + 396);
  const std::vector<std::uint8_t> second(sample.animation.begin() + 396, sample.animation.end());
  s.chunk(0, 1, 0xFFFFFFFF, 16, sample.format);
  sample.walk_first_at = s.chunk(0x10, 2, 0xFFFFFFFF, 696, first);
  s.b.zeros(1024 - s.b.size());
  sample.walk_second_at = s.chunk(0x10, 2, 0xFFFFFFFF, 300, second);
  sample.samples_at = s.chunk(0, 1, 0, 101, sample.samples);
  s.chunk(0x02, 2, 0xFFFFFFFF, 0, {});
  s.chunk(0x02, 1, 0xFFFFFFFF, 0, {});
  s.close(data);
  s.close(stream);
  const std::size_t pad = s.open("pad ");
  s.b.data.insert(s.b.data.end(), 2048 - s.b.size(), 0xCD);
  s.close(pad);
  s.close(streams);
  s.close(riff);
  sample.bytes = std::move(s.b.data);
  return sample;
}

}  // namespace bonebridge::archive::testing
