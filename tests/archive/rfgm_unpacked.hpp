// SPDX-License-Identifier: MIT
#pragma once
// What RFGM.Formats itself unpacked from the three Red Faction Guerrilla packfiles of
// ../shared/samples/volition/packfiles: the reference for our archive reader and for `extract`.
#include <cstdint>

namespace bonebridge::testing {

// The files of rfg-modding/RFGM.Formats tests/RFGM.Archiver.Tests/Files/unpack_default/ (commit 36fb4bb8),
// the same packfiles unpacked by RFGM.Formats: its "NAME {index=N}.EXT" is entry N named NAME.EXT here, and
// ".unpack/OUTER {index=N, vppMode=compacted}.str2_pc/INNER {index=M}.EXT" is entry M of the .str2_pc at
// entry N. Size and SHA-256 of each file were computed from the repository's blobs (git show).
struct Unpacked {
  const char* archive;
  const char* index;  // "N" or "N/M" for an entry inside the .str2_pc at entry N
  const char* path;
  std::uint64_t size;
  const char* sha256;
};
inline constexpr Unpacked kUnpacked[] = {
    {"dlc01_l1.vpp_pc", "0", "dlc01_l1.asm_pc", 8,
     "88292b51991877170da339bd57744550f76344cf040c03f3f3152d54d0ee0a42"},
    {"dlcp01_activities.vpp_pc", "0", "dlc_ORaid_07_08_Level_1.str2_pc", 9859,
     "ef2124b29622e340ccc2908ec0745e012794a025aa816e99f92f356fdffcb5c0"},
    {"dlcp01_activities.vpp_pc", "0/0", "dlc_ORaid_07_08_Level_1.str2_pc/dlc01_07_08_128.layer_pc", 13752,
     "eea82480941f1c09472f6bcd0aaa9b519c2172d8e2b9d29e5bc6a3091c5f0f85"},
    {"dlcp01_activities.vpp_pc", "1", "DLC_HA_08_08.str2_pc", 8957,
     "ff79743691fdaacb11f1a93e62413302d531dbdefb28f84d0ae7ca89588be836"},
    {"dlcp01_activities.vpp_pc", "1/0", "DLC_HA_08_08.str2_pc/dlc01_08_08_129.layer_pc", 9060,
     "0fc9eaf488918117d06e5992be381c9545b89b9dab962ba7b5d0c0e78e009a90"},
    {"dlcp01_activities.vpp_pc", "2", "DLC_AD_07_09.str2_pc", 6509,
     "ae3b1cfe5b62dad541100503eb4ba354b1b55c9d055a35ef105d4b2e989c9d06"},
    {"dlcp01_activities.vpp_pc", "2/0", "DLC_AD_07_09.str2_pc/dlc01_07_09_129.layer_pc", 772,
     "86dff78fc7053bef2c2a946fe4f88600fe2f96134663e44eae5f6ebb2b1a20d3"},
    {"dlcp01_activities.vpp_pc", "3", "dlc01_dm_01.str2_pc", 6317,
     "78b67df95df455fd457acc8f3b7277a97c3a083aeeb859dbae971b21baded5d5"},
    {"dlcp01_activities.vpp_pc", "3/0", "dlc01_dm_01.str2_pc/dlc01_09_08_130.layer_pc", 220,
     "2f71c1eb0cf2d92c09739bcb019f0320b35e0bc044c765438e10484a23f9080a"},
    {"dlcp01_activities.vpp_pc", "4", "dlc01_dm_03.str2_pc", 6393,
     "4898fc468834643036b81174616850adcf77fe486ec57d160f110948c7dd0eeb"},
    {"dlcp01_activities.vpp_pc", "4/0", "dlc01_dm_03.str2_pc/dlc01_08_09_128.layer_pc", 348,
     "0cc4e5fc610ebf30acf78425175e7c430c8819700fa4e557e32a05df3c38dec0"},
    {"dlcp01_activities.vpp_pc", "5", "dlc01_td_01.str2_pc", 7071,
     "6327337d02f6360f939cf8d19e28a1840313a33f1bee78994941d716ad702639"},
    {"dlcp01_activities.vpp_pc", "5/0", "dlc01_td_01.str2_pc/dlc01_07_09_130.layer_pc", 2624,
     "a8d6d2b350324098cdc27d5351fd04d0c22febd67545d1d6a31b903250f81409"},
    {"dlcp01_activities.vpp_pc", "6", "dlc01_td_02.str2_pc", 7040,
     "c6169851b559aef0a93e79951574ad2a71723110c9ab19a9aeb073737eb71f86"},
    {"dlcp01_activities.vpp_pc", "6/0", "dlc01_td_02.str2_pc/dlc01_08_09_130.layer_pc", 2064,
     "343d4909c0cbafa0a0d6838b907d78f3a1eb8b8f3946999cbc8ab0b544103d81"},
    {"dlcp01_activities.vpp_pc", "7", "dlc01_dm_06.str2_pc", 8315,
     "857a219ff6a9a8c089278ee65937db279693fc6034b87a6e63952b106e75e53b"},
    {"dlcp01_activities.vpp_pc", "7/0", "dlc01_dm_06.str2_pc/dlc01_08_09_131.layer_pc", 6556,
     "7138d65a517a09232c8fb4692abf1fa9893c172e73753ea85485bfb098504b7c"},
    {"dlcp01_activities.vpp_pc", "8", "dlc_activity_containers.asm_pc", 598,
     "8a9a989dd909a572ffd76bd87f9227684aa4058d6fe6bdeda2fff00e3c4c6ba7"},
    {"xray_effect.str2_pc", "0", "xray_effect.mat_pc", 1040,
     "b66e192a0cb04f0882a9caad1178ea028c9b30fc32cae45a3eb024eac0a7277e"},
    {"xray_effect.str2_pc", "1", "xray_effect.cpeg_pc", 302,
     "122af191a4ca07d6f1aaac90201e34ff02cd35e7d286b55fb8926e2f4a5aba82"},
    {"xray_effect.str2_pc", "2", "xray_effect.gpeg_pc", 2752,
     "4afc6054af50725cb6784199292bea26f003261ffa03e51ebb8d27ab16a72021"},
};

}  // namespace bonebridge::testing
