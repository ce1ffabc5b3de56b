/* SPDX-License-Identifier: MIT */
/* The C ABI of bonebridge (libbonebridge.so, bonebridge.dll): what the Python module (ctypes), the Blender
 * add-on and any other language call. C99, fixed-width types, opaque handles.
 *
 * Rules every function follows:
 * - Every call returns a bb_status (BB_OK or an error); on an error, bb_last_error_text() and bb_last_error()
 *   say what went wrong, on the calling thread, until that thread's next call. No exception crosses the ABI,
 *   no thread outlives a call, and the library keeps no mutable state between calls besides that last error.
 * - Memory in, memory out: inputs are bytes and UTF-8 names; outputs are bb_buffer, allocated by the library
 *   and freed with bb_buffer_free. The library reads no file except through the caller's bb_files callbacks
 *   (files a document names, beside it) and in the install calls (bb_characters, bb_character_gltf), which
 *   take a UTF-8 folder path.
 * - Settings go in by their command-line names ("model", "variant", "unit-scale", "strict"; a flag's value
 *   is "1"), checked as the command-line tool checks them (`bonebridge formats --json` lists them).
 * - A NULL, truncated or malformed argument is an error status with a text, never a crash.
 * - Threads: any call from any thread; one document is used by one thread at a time. */
#ifndef BONEBRIDGE_BONEBRIDGE_H
#define BONEBRIDGE_BONEBRIDGE_H

#include <stddef.h>
#include <stdint.h>

#if defined(_WIN32)
#if defined(BONEBRIDGE_BUILDING_ABI)
#define BB_API __declspec(dllexport)
#else
#define BB_API __declspec(dllimport)
#endif
#else
#define BB_API __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* The ABI this header describes; a wrapper compares it with bb_abi_version() at load. A change that breaks a
 * caller (a function's or struct's layout) raises it. */
#define BB_ABI_VERSION 1

typedef int32_t bb_status;
#define BB_OK 0
#define BB_ERROR_ARGUMENT 1 /* a NULL, truncated or malformed argument */
#define BB_ERROR_INPUT 2    /* the input does not parse or cannot be converted (the CLI's exit code 1) */
#define BB_ERROR_SETTINGS 3 /* an unknown setting or a malformed value (the CLI's usage error) */
#define BB_ERROR_MEMORY 4   /* out of memory */
#define BB_ERROR_INTERNAL 5 /* a bug: an unexpected exception inside the library */

/* Bytes the library allocated: free them with bb_buffer_free. Text (JSON, names) is UTF-8 with a '\0'
 * after the last byte, not counted in size. */
typedef struct bb_buffer {
  uint8_t* data;
  size_t size;
} bb_buffer;

/* What the last failed call on this thread says; the strings live until the thread's next call. */
typedef struct bb_error {
  bb_status status;
  const char* text;    /* "file: format: at byte 28 (0x1c): message", as the CLI prints it */
  const char* file;    /* the file or address, "" when unknown */
  const char* format;  /* "LEGO Island .ani", "settings", "" */
  const char* message; /* what was expected and what was found */
  int32_t has_offset;  /* 1 when offset is a byte offset (binary formats) */
  uint64_t offset;
  int32_t has_line; /* 1 when line is a 1-based line (text formats) */
  uint64_t line;
} bb_error;

/* A setting by its command-line name and value (both UTF-8). */
typedef struct bb_setting {
  const char* name;
  const char* value;
} bb_setting;

/* A companion file's bytes (--model, --body, --rig, --skeleton, ...), given by the caller: `setting` names
 * it, `name` is its address (what errors name, where its own companions are looked for). */
typedef struct bb_companion {
  const char* setting;
  const char* name;
  const uint8_t* data;
  size_t size;
} bb_companion;

/* Where the caller's callbacks write bytes (bb_files). */
typedef struct bb_sink bb_sink;

/* Files the library may need besides those it was given: those a document names (a model's .mat files, a
 * puppet's keys, in folders near it) and companions given by address in a setting rather than as
 * bb_companion. Addresses are UTF-8, as the caller named the input and companions; folders are formed from
 * them with '/' or '\'. Each callback returns 0 on success. */
typedef struct bb_files {
  void* context;
  /* 0: nothing at `address`, 1: a file, 2: a folder. */
  int32_t (*kind)(void* context, const char* address);
  /* The names of the files in `folder`, each followed by a '\0', written with bb_sink_append. */
  int32_t (*list)(void* context, const char* folder, bb_sink* names);
  /* The bytes of the file at `address`; on failure the sink may hold why (UTF-8). */
  int32_t (*read)(void* context, const char* address, bb_sink* bytes);
} bb_files;

/* A game file to open. */
typedef struct bb_input {
  const uint8_t* data; /* its bytes (may be NULL when size is 0) */
  size_t size;
  const char* address;   /* what errors name and where files beside it are looked for; NULL: "" */
  const char* file_name; /* its own name (an archive entry's stored name); NULL: the address */
  const char* container; /* the archive it is an entry of, when its own name has no extension (HQR) */
  const char* format;    /* a family id that forces the family; NULL: by extension, else by content */
  const bb_setting* settings;
  size_t setting_count;
  const bb_companion* companions;
  size_t companion_count;
  const bb_files* files; /* NULL: no file beside the input is found */
} bb_input;

/* A glTF file to write as a family's file. */
typedef struct bb_gltf_input {
  const uint8_t* data; /* .glb or .gltf bytes (a .gltf with its buffers embedded) */
  size_t size;
  const char* family;      /* the family id to write ("lego", "lba", ...) */
  const char* output_name; /* the output's name: its extension picks the kind a family of several writes */
  const bb_setting* settings;
  size_t setting_count;
  const bb_companion* companions;
  size_t companion_count;
  const bb_files* files;
} bb_gltf_input;

/* An opened game file. */
typedef struct bb_document bb_document;

/* Where bb_document_sample writes: each array holds time_count * joint_capacity joints (or is NULL). */
typedef struct bb_pose_arrays {
  size_t joint_capacity;
  double* translation; /* 3 per joint */
  double* rotation;    /* 4 per joint: x, y, z, w */
  double* scale;       /* 3 per joint */
  double* model;       /* 16 per joint: the model matrix, row-major (model * column point) */
  double* time;        /* 1 per time: the pose's own time */
  int32_t* parents;    /* joint_capacity: each joint's parent index, -1 for a root */
} bb_pose_arrays;

BB_API uint32_t bb_abi_version(void);
/* The library's version ("0.1.0"); a static string. */
BB_API const char* bb_version(void);

/* The last error on this thread ("" after a success); valid until the thread's next call. */
BB_API const char* bb_last_error_text(void);
BB_API bb_status bb_last_error(bb_error* error);

/* Frees a buffer the library filled and sets it empty; NULL and empty buffers are fine. */
BB_API void bb_buffer_free(bb_buffer* buffer);
/* For bb_files callbacks: appends bytes to a sink the library gave. */
BB_API bb_status bb_sink_append(bb_sink* sink, const void* data, size_t size);

/* `bonebridge formats --json`. */
BB_API bb_status bb_formats(bb_buffer* json);

BB_API bb_status bb_document_open(const bb_input* input, bb_document** document);
BB_API void bb_document_close(bb_document* document);
/* The family's id ("lego"): a string that lives as long as the library. */
BB_API bb_status bb_document_family(const bb_document* document, const char** family);
/* Seconds: the clip's duration and the engine's tick. */
BB_API bb_status bb_document_timing(const bb_document* document, double* duration, double* tick);
/* `bonebridge info --json`, `dump`, and the diagnostics of `validate` as a JSON array of
 * {"severity", "message", "offset", "line"}. `strict` 1 treats what the game rejects as errors. */
BB_API bb_status bb_document_info(const bb_document* document, bb_buffer* json);
BB_API bb_status bb_document_dump(const bb_document* document, bb_buffer* json);
BB_API bb_status bb_document_validate(const bb_document* document, int32_t strict, bb_buffer* json);

/* The number of joints of the pose at time 0 (the joints every pose has). */
BB_API bb_status bb_document_joint_count(const bb_document* document, size_t* count);
/* The engine's poses at `times` into `arrays` (as `bonebridge sample --json`, in the game's coordinates);
 * `names` (or NULL) gets the joints' names, each followed by a '\0'. A pose with more joints than
 * joint_capacity is an error. */
BB_API bb_status bb_document_sample(const bb_document* document, const double* times, size_t time_count,
                                    const bb_pose_arrays* arrays, bb_buffer* names);

/* As bb_document_sample, through the runtime path (issue 35): the document's first clip compiled to a
 * runtime clip (floats, quantised; joint positions within 1e-5 of the skeleton's extent of the engine's,
 * where the conversion itself is) and played by its sampling and local-to-model jobs. Compiled by the first
 * call and kept with the document, so that later calls, one frame each or many times at once, only play it.
 * Joints the conversion leaves out hold their pose at time 0; a time outside the clip is clamped to it. */
BB_API bb_status bb_document_sample_fast(const bb_document* document, const double* times, size_t time_count,
                                         const bb_pose_arrays* arrays, bb_buffer* names);

/* The document as glTF (`binary` 1: .glb, 0: .gltf; `mesh` 1: with the generated bone mesh) and the notes of
 * its conversion (a JSON array of strings; `notes` may be NULL): `bonebridge convert IN OUT.glb`. */
BB_API bb_status bb_document_to_gltf(const bb_document* document, int32_t binary, int32_t mesh,
                                     bb_buffer* gltf, bb_buffer* notes);
/* The document written again in its own format. */
BB_API bb_status bb_document_encode(const bb_document* document, bb_buffer* bytes);

/* glTF to a family's file: `bonebridge convert IN.glb OUT --to FAMILY`. */
BB_API bb_status bb_from_gltf(const bb_gltf_input* input, bb_buffer* bytes, bb_buffer* notes);

/* Retargeting (issue 36): a humanoid clip on another skeleton replayed on a game's character, role by role,
 * and written by that game's family: `bonebridge convert SOURCE OUT --retarget`. */
typedef struct bb_retarget_input {
  const uint8_t* data; /* the source's bytes: a BVH, a .glb or .gltf (buffers embedded), or a game file */
  size_t size;
  const char* source_name; /* its name: its extension tells which (errors name it too) */
  const char* format;      /* a family id that forces the source's family; NULL: by extension, else content */
  const char* output_name; /* the output's name: its extension picks the family and kind written */
  const char* to;          /* a family id that forces the output's family; NULL: by output_name */
  /* By the command line's names: "character" (LEGO Island: an actor such as "pepper"), "foot-lock" ("1"),
   * "contact-height", the families' settings ("angle-tolerance", ...); "retarget" is implied. */
  const bb_setting* settings;
  size_t setting_count;
  /* The target's files as bytes, by setting: "world" (LEGO's WORLD.WDB), "model" and "puppet" (Sith), "rig"
   * (Volition), "skeleton" (any file whose skeleton the result animates), "source-map" and "target-map"
   * (JSON role maps). A setting naming an address instead is read through `files`. */
  const bb_companion* companions;
  size_t companion_count;
  const bb_files* files;
} bb_retarget_input;

/* The written file in `bytes`; `report` (or NULL) gets the report as `convert --retarget --json` prints it
 * under "retarget" (per role the largest direction error, the hip heights and their ratio, foot sliding, the
 * engine's poses of the written file against the retargeted clip); `notes` (or NULL) every note in words, a
 * JSON array of strings. */
BB_API bb_status bb_retarget(const bb_retarget_input* input, bb_buffer* bytes, bb_buffer* report,
                             bb_buffer* notes);

/* The entries of the archive `data` (named `name`: its extension tells its kind) as a JSON array of
 * {"name", "size", "stored", "compression"}, as `bonebridge ls --json`. */
BB_API bb_status bb_archive_list(const uint8_t* data, size_t size, const char* name, bb_buffer* json);
/* One entry's bytes, by its name (any letter case) or index; `entry_name` (or NULL) gets its stored name. */
BB_API bb_status bb_archive_entry(const uint8_t* data, size_t size, const char* name, const char* entry,
                                  bb_buffer* bytes, bb_buffer* entry_name);

/* `bonebridge characters --json` of an install folder, an archive or a folder of files (a UTF-8 path). */
BB_API bb_status bb_characters(const char* folder, bb_buffer* json);
/* One character as glTF: `bonebridge convert FOLDER OUT.glb --character NAME`. */
BB_API bb_status bb_character_gltf(const char* folder, const char* name, const bb_setting* settings,
                                   size_t setting_count, int32_t binary, int32_t mesh, bb_buffer* gltf,
                                   bb_buffer* notes);

#ifdef __cplusplus
}
#endif

#endif /* BONEBRIDGE_BONEBRIDGE_H */
