/* SPDX-License-Identifier: MIT */
/* The C ABI from C (C99, nothing but bonebridge.h and the shared library), run by capi_test.py, which
 * compares what it writes with the command-line tool's outputs:
 *   capi_test convert IN OUT FAMILY_EXT [--NAME VALUE]... [--companion NAME FILE]... [--at T]...
 *       OUT.glb (to glTF), OUT.back.FAMILY_EXT (that glb back to the family), OUT.pose (the poses at each T)
 *   capi_test error IN [--NAME VALUE]...   prints the error text of opening IN
 *   capi_test retarget IN OUT [--NAME VALUE]... [--companion NAME FILE]...
 *       OUT (IN retargeted, bb_retarget), OUT.report.json and OUT.notes.json
 *   capi_test arguments LEGO.ani [BVH WORLD.WDB]   NULL, truncated and malformed arguments: error statuses,
 *       texts (with BVH and WORLD.WDB, bb_retarget's too) */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bonebridge/bonebridge.h"

#define MAX_ITEMS 16

static int failures = 0;

static void check(int condition, const char* what) {
  if (!condition) {
    fprintf(stderr, "FAILED: %s (last error: %s)\n", what, bb_last_error_text());
    ++failures;
  }
}

typedef struct file_bytes {
  uint8_t* data;
  size_t size;
} file_bytes;

static int read_whole(const char* path, file_bytes* out) {
  FILE* file = fopen(path, "rb");
  long size = 0;
  out->data = NULL;
  out->size = 0;
  if (file == NULL) return 1;
  if (fseek(file, 0, SEEK_END) != 0 || (size = ftell(file)) < 0 || fseek(file, 0, SEEK_SET) != 0) {
    fclose(file);
    return 1;
  }
  out->data = (uint8_t*)malloc((size_t)size + 1);
  out->size = (size_t)size;
  if (out->data == NULL || fread(out->data, 1, out->size, file) != out->size) {
    fclose(file);
    return 1;
  }
  fclose(file);
  return 0;
}

static int write_whole(const char* path, const uint8_t* data, size_t size) {
  FILE* file = fopen(path, "wb");
  if (file == NULL) return 1;
  if (size > 0 && fwrite(data, 1, size, file) != size) {
    fclose(file);
    return 1;
  }
  return fclose(file) != 0;
}

/* The files beside the input, for the library: the disk, by the caller's own means. */
static int32_t file_kind(void* context, const char* address) {
  struct stat info;
  (void)context;
  if (stat(address, &info) != 0) return 0;
  return S_ISDIR(info.st_mode) ? 2 : (S_ISREG(info.st_mode) ? 1 : 0);
}

static int32_t list_folder(void* context, const char* folder, bb_sink* names) {
  DIR* dir = opendir(folder);
  struct dirent* entry;
  (void)context;
  if (dir == NULL) return 1;
  while ((entry = readdir(dir)) != NULL) bb_sink_append(names, entry->d_name, strlen(entry->d_name) + 1);
  closedir(dir);
  return 0;
}

static int32_t read_file(void* context, const char* address, bb_sink* bytes) {
  file_bytes read;
  int32_t failed;
  (void)context;
  if (read_whole(address, &read) != 0) {
    const char* why = "not a regular file, or not found";
    bb_sink_append(bytes, why, strlen(why));
    free(read.data);
    return 1;
  }
  failed = bb_sink_append(bytes, read.data, read.size) != BB_OK;
  free(read.data);
  return failed;
}

static const bb_files disk = {NULL, file_kind, list_folder, read_file};

/* The command line's --NAME VALUE settings, --companion NAME FILE companions and --at T times. */
typedef struct request {
  bb_setting settings[MAX_ITEMS];
  size_t setting_count;
  bb_companion companions[MAX_ITEMS];
  file_bytes companion_bytes[MAX_ITEMS];
  size_t companion_count;
  double times[MAX_ITEMS];
  size_t time_count;
} request;

static int parse_request(int argc, char** argv, request* out) {
  int i;
  memset(out, 0, sizeof *out);
  for (i = 0; i < argc; ++i) {
    if (strcmp(argv[i], "--companion") == 0 && i + 2 < argc && out->companion_count < MAX_ITEMS) {
      bb_companion* companion = &out->companions[out->companion_count];
      file_bytes* bytes = &out->companion_bytes[out->companion_count++];
      if (read_whole(argv[i + 2], bytes) != 0) return fprintf(stderr, "cannot read %s\n", argv[i + 2]), 1;
      companion->setting = argv[i + 1];
      companion->name = argv[i + 2];
      companion->data = bytes->data;
      companion->size = bytes->size;
      i += 2;
    } else if (strcmp(argv[i], "--at") == 0 && i + 1 < argc && out->time_count < MAX_ITEMS) {
      out->times[out->time_count++] = strtod(argv[++i], NULL);
    } else if (strncmp(argv[i], "--", 2) == 0 && i + 1 < argc && out->setting_count < MAX_ITEMS) {
      out->settings[out->setting_count].name = argv[i] + 2;
      out->settings[out->setting_count++].value = argv[++i];
    } else {
      return fprintf(stderr, "cannot understand argument %s\n", argv[i]), 1;
    }
  }
  return 0;
}

static bb_input input_of(const char* path, const file_bytes* bytes, const request* request) {
  bb_input input;
  memset(&input, 0, sizeof input);
  input.data = bytes->data;
  input.size = bytes->size;
  input.address = path;
  input.settings = request->settings;
  input.setting_count = request->setting_count;
  input.companions = request->companions;
  input.companion_count = request->companion_count;
  input.files = &disk;
  return input;
}

static void print_joint(FILE* out, const bb_pose_arrays* arrays, size_t at, const char* name) {
  size_t k;
  fprintf(out, "%s\t%d", name, (int)arrays->parents[at % arrays->joint_capacity]);
  for (k = 0; k < 3; ++k) fprintf(out, "\t%.17g", arrays->translation[at * 3 + k]);
  for (k = 0; k < 4; ++k) fprintf(out, "\t%.17g", arrays->rotation[at * 4 + k]);
  for (k = 0; k < 3; ++k) fprintf(out, "\t%.17g", arrays->scale[at * 3 + k]);
  for (k = 0; k < 16; ++k) fprintf(out, "\t%.17g", arrays->model[at * 16 + k]);
  fprintf(out, "\n");
}

/* The poses at the request's times, one line a joint: name, parent, translation, rotation, scale, model. */
static int write_poses(const bb_document* document, const request* request, const char* path) {
  size_t count = 0, t, j;
  bb_pose_arrays arrays;
  bb_buffer names = {NULL, 0};
  FILE* out;
  if (bb_document_joint_count(document, &count) != BB_OK) return 1;
  arrays.joint_capacity = count;
  arrays.translation = (double*)calloc(request->time_count * count * 3 + 1, sizeof(double));
  arrays.rotation = (double*)calloc(request->time_count * count * 4 + 1, sizeof(double));
  arrays.scale = (double*)calloc(request->time_count * count * 3 + 1, sizeof(double));
  arrays.model = (double*)calloc(request->time_count * count * 16 + 1, sizeof(double));
  arrays.time = (double*)calloc(request->time_count + 1, sizeof(double));
  arrays.parents = (int32_t*)calloc(count + 1, sizeof(int32_t));
  if (bb_document_sample(document, request->times, request->time_count, &arrays, &names) != BB_OK) return 1;
  out = fopen(path, "w");
  if (out == NULL) return 1;
  for (t = 0; t < request->time_count; ++t) {
    const char* name = (const char*)names.data;
    fprintf(out, "time\t%.17g\n", arrays.time[t]);
    for (j = 0; j < count; ++j, name += strlen(name) + 1) print_joint(out, &arrays, t * count + j, name);
  }
  bb_buffer_free(&names);
  free(arrays.translation), free(arrays.rotation), free(arrays.scale), free(arrays.model);
  free(arrays.time), free(arrays.parents);
  return fclose(out) != 0;
}

/* The glb written back as the family's file, named OUT.back.EXT. */
static int write_back(const bb_buffer* glb, const char* family, const char* out, const char* extension,
                      const request* request) {
  char name[4096];
  bb_gltf_input input;
  bb_buffer bytes = {NULL, 0}, notes = {NULL, 0};
  int failed;
  snprintf(name, sizeof name, "%s.back.%s", out, extension);
  memset(&input, 0, sizeof input);
  input.data = glb->data;
  input.size = glb->size;
  input.family = family;
  input.output_name = name;
  input.settings = request->settings;
  input.setting_count = request->setting_count;
  input.companions = request->companions;
  input.companion_count = request->companion_count;
  input.files = &disk;
  if (bb_from_gltf(&input, &bytes, &notes) != BB_OK) return 1;
  check(notes.data != NULL && notes.data[0] == '[', "from glTF: notes are a JSON array");
  failed = write_whole(name, bytes.data, bytes.size);
  bb_buffer_free(&bytes);
  bb_buffer_free(&notes);
  return failed;
}

static int run_convert(int argc, char** argv) {
  const char *in = argv[0], *out = argv[1], *extension = argv[2];
  char path[4096];
  request request;
  file_bytes bytes;
  bb_input input;
  bb_document* document = NULL;
  bb_buffer glb = {NULL, 0}, notes = {NULL, 0};
  const char* family = NULL;
  int failed = 0;
  if (parse_request(argc - 3, argv + 3, &request) != 0 || read_whole(in, &bytes) != 0) return 2;
  input = input_of(in, &bytes, &request);
  if (bb_document_open(&input, &document) != BB_OK) return fprintf(stderr, "%s\n", bb_last_error_text()), 1;
  check(bb_document_family(document, &family) == BB_OK && family != NULL, "the document's family");
  check(bb_document_to_gltf(document, 1, 1, &glb, &notes) == BB_OK, "to glb");
  snprintf(path, sizeof path, "%s.glb", out);
  check(write_whole(path, glb.data, glb.size) == 0, "writing the glb");
  check(notes.data != NULL && notes.data[0] == '[', "to glb: notes are a JSON array");
  snprintf(path, sizeof path, "%s.pose", out);
  check(write_poses(document, &request, path) == 0, "sampling");
  check(write_back(&glb, family, out, extension, &request) == 0, "glb back to the family");
  bb_buffer_free(&glb);
  bb_buffer_free(&notes);
  bb_document_close(document);
  free(bytes.data);
  while (request.companion_count > 0) free(request.companion_bytes[--request.companion_count].data);
  return failures > 0 || failed;
}

/* IN retargeted onto the target the request names (bb_retarget), with its report and notes beside it. */
static int run_retarget(int argc, char** argv) {
  const char *in = argv[0], *out = argv[1];
  char path[4096];
  request request;
  file_bytes bytes;
  bb_retarget_input input;
  bb_buffer written = {NULL, 0}, report = {NULL, 0}, notes = {NULL, 0};
  if (parse_request(argc - 2, argv + 2, &request) != 0 || read_whole(in, &bytes) != 0) return 2;
  memset(&input, 0, sizeof input);
  input.data = bytes.data;
  input.size = bytes.size;
  input.source_name = in;
  input.output_name = out;
  input.settings = request.settings;
  input.setting_count = request.setting_count;
  input.companions = request.companions;
  input.companion_count = request.companion_count;
  input.files = &disk;
  if (bb_retarget(&input, &written, &report, &notes) != BB_OK)
    return fprintf(stderr, "%s\n", bb_last_error_text()), 1;
  check(report.data != NULL && report.data[0] == '{' && report.data[report.size] == '\0',
        "the report is JSON");
  check(notes.data != NULL && notes.data[0] == '[', "the notes are a JSON array");
  check(write_whole(out, written.data, written.size) == 0, "writing the retargeted file");
  snprintf(path, sizeof path, "%s.report.json", out);
  check(write_whole(path, report.data, report.size) == 0, "writing the report");
  snprintf(path, sizeof path, "%s.notes.json", out);
  check(write_whole(path, notes.data, notes.size) == 0, "writing the notes");
  bb_buffer_free(&written), bb_buffer_free(&report), bb_buffer_free(&notes);
  free(bytes.data);
  while (request.companion_count > 0) free(request.companion_bytes[--request.companion_count].data);
  return failures > 0;
}

/* Prints the error text of opening IN, as the CLI prints it after "bonebridge: error: ". */
static int run_error(int argc, char** argv) {
  request request;
  file_bytes bytes;
  bb_input input;
  bb_document* document = NULL;
  bb_error error;
  bb_status status;
  if (parse_request(argc - 1, argv + 1, &request) != 0 || read_whole(argv[0], &bytes) != 0) return 2;
  input = input_of(argv[0], &bytes, &request);
  status = bb_document_open(&input, &document);
  check(status == BB_ERROR_INPUT || status == BB_ERROR_SETTINGS, "a broken file is an error");
  check(document == NULL, "no document for a broken file");
  check(bb_last_error(&error) == BB_OK && error.status == status, "bb_last_error");
  check(strcmp(error.file, argv[0]) == 0, "the error names the file");
  check(strcmp(error.text, bb_last_error_text()) == 0, "one text");
  printf("%s\n", bb_last_error_text());
  free(bytes.data);
  return failures > 0;
}

static void expect_status(bb_status got, bb_status wanted, const char* what) {
  char line[512];
  snprintf(line, sizeof line, "%s: status %d, expected %d", what, (int)got, (int)wanted);
  check(got == wanted, line);
  if (wanted != BB_OK) {
    snprintf(line, sizeof line, "%s: an error text", what);
    check(bb_last_error_text()[0] != '\0', line);
  }
}

static bb_status open_bytes(const uint8_t* data, size_t size, const char* address, const bb_setting* settings,
                            size_t setting_count, bb_document** document) {
  bb_input input;
  memset(&input, 0, sizeof input);
  input.data = data;
  input.size = size;
  input.address = address;
  input.settings = settings;
  input.setting_count = setting_count;
  return bb_document_open(&input, document);
}

static void check_document_arguments(const file_bytes* lego) {
  bb_document* document = NULL;
  bb_buffer buffer = {NULL, 0};
  bb_pose_arrays arrays;
  double time = 0, translation[3];
  bb_error error;
  const bb_setting unknown = {"no-such-setting", "1"}, unnamed = {NULL, "1"};
  expect_status(bb_document_open(NULL, &document), BB_ERROR_ARGUMENT, "open(NULL input)");
  expect_status(open_bytes(NULL, 5, "x.ani", NULL, 0, &document), BB_ERROR_ARGUMENT, "open(NULL bytes, 5)");
  expect_status(open_bytes(lego->data, lego->size, "a.ani", NULL, 3, &document), BB_ERROR_ARGUMENT,
                "open(NULL settings, 3)");
  expect_status(open_bytes(lego->data, lego->size, "a.ani", &unnamed, 1, &document), BB_ERROR_ARGUMENT,
                "open(setting without a name)");
  expect_status(open_bytes(lego->data, lego->size, "a.ani", &unknown, 1, &document), BB_ERROR_SETTINGS,
                "open(unknown setting)");
  expect_status(open_bytes(lego->data, 40, "cut.ani", NULL, 0, &document), BB_ERROR_INPUT, "open(truncated)");
  check(bb_last_error(&error) == BB_OK && error.has_offset && strcmp(error.format, "LEGO Island .ani") == 0 &&
            strcmp(error.file, "cut.ani") == 0,
        "a truncated file's error names its file, format and offset");
  expect_status(open_bytes((const uint8_t*)"not a game file at all", 22, "junk.ani", NULL, 0, &document),
                BB_ERROR_INPUT, "open(malformed)");
  expect_status(open_bytes(lego->data, lego->size, "a.ani", NULL, 0, NULL), BB_ERROR_ARGUMENT,
                "open(NULL out)");
  check(document == NULL, "no document after failures");
  expect_status(bb_document_info(NULL, &buffer), BB_ERROR_ARGUMENT, "info(NULL document)");
  expect_status(open_bytes(lego->data, lego->size, "a.ani", NULL, 0, &document), BB_OK, "open(a.ani)");
  check(bb_last_error_text()[0] == '\0', "a success leaves no error text");
  expect_status(bb_document_info(document, NULL), BB_ERROR_ARGUMENT, "info(NULL buffer)");
  expect_status(bb_document_timing(document, NULL, &time), BB_ERROR_ARGUMENT, "timing(NULL duration)");
  expect_status(bb_document_sample(document, NULL, 1, NULL, NULL), BB_ERROR_ARGUMENT, "sample(NULL times)");
  memset(&arrays, 0, sizeof arrays);
  arrays.translation = translation; /* room for one joint: the arm has more */
  arrays.joint_capacity = 1;
  expect_status(bb_document_sample(document, &time, 1, &arrays, NULL), BB_ERROR_ARGUMENT,
                "sample(too small arrays)");
  expect_status(bb_document_sample_fast(document, NULL, 1, NULL, NULL), BB_ERROR_ARGUMENT,
                "sample_fast(NULL times)");
  expect_status(bb_document_sample_fast(document, &time, 1, &arrays, NULL), BB_ERROR_ARGUMENT,
                "sample_fast(too small arrays)");
  expect_status(bb_document_to_gltf(document, 1, 1, NULL, NULL), BB_ERROR_ARGUMENT, "to_gltf(NULL buffer)");
  expect_status(bb_document_encode(document, &buffer), BB_OK, "encode");
  check(buffer.size == lego->size && memcmp(buffer.data, lego->data, lego->size) == 0,
        "encode gives the file back byte for byte");
  bb_buffer_free(&buffer);
  bb_buffer_free(&buffer); /* freed twice: the first free emptied it */
  bb_document_close(document);
  bb_document_close(NULL);
}

static void check_other_arguments(void) {
  bb_buffer buffer = {NULL, 0};
  bb_gltf_input gltf;
  const uint8_t junk[] = {'g', 'l', 'T', 'F', 2, 0, 0, 0, 200, 0, 0, 0};
  check(bb_abi_version() == BB_ABI_VERSION, "the library's ABI is the header's");
  check(bb_version() != NULL && bb_version()[0] != '\0', "a version");
  expect_status(bb_formats(NULL), BB_ERROR_ARGUMENT, "formats(NULL)");
  expect_status(bb_formats(&buffer), BB_OK, "formats");
  check(buffer.data != NULL && buffer.data[0] == '[' && buffer.data[buffer.size] == '\0', "formats' JSON");
  bb_buffer_free(&buffer);
  /* The one call that keeps the last error as it was (it is what the caller asks about). */
  check(bb_last_error(NULL) == BB_ERROR_ARGUMENT, "last_error(NULL)");
  expect_status(bb_sink_append(NULL, "x", 1), BB_ERROR_ARGUMENT, "sink_append(NULL)");
  memset(&gltf, 0, sizeof gltf);
  expect_status(bb_from_gltf(&gltf, &buffer, NULL), BB_ERROR_ARGUMENT, "from_gltf(NULL family)");
  gltf.family = "lego";
  gltf.data = junk;
  gltf.size = sizeof junk;
  expect_status(bb_from_gltf(&gltf, &buffer, NULL), BB_ERROR_INPUT, "from_gltf(truncated glb)");
  gltf.family = "no-such-family";
  expect_status(bb_from_gltf(&gltf, &buffer, NULL), BB_ERROR_INPUT, "from_gltf(unknown family)");
  expect_status(bb_archive_list(junk, sizeof junk, "junk.gob", &buffer), BB_ERROR_INPUT,
                "archive_list(junk)");
  expect_status(bb_archive_list(NULL, 3, "x.gob", &buffer), BB_ERROR_ARGUMENT, "archive_list(NULL, 3)");
  expect_status(bb_archive_entry(junk, sizeof junk, "junk.gob", NULL, &buffer, NULL), BB_ERROR_ARGUMENT,
                "archive_entry(NULL entry)");
  expect_status(bb_characters(NULL, &buffer), BB_ERROR_ARGUMENT, "characters(NULL)");
  expect_status(bb_characters("/no/such/install/folder", &buffer), BB_ERROR_INPUT, "characters(missing)");
  expect_status(bb_character_gltf("/no/such/folder", NULL, NULL, 0, 1, 1, &buffer, NULL), BB_ERROR_ARGUMENT,
                "character_gltf(NULL name)");
}

/* bb_retarget refuses what it cannot use with a status and a text: NULL arguments, a cut BVH, a character the
 * game does not have, a world named without files to read it or that is none, a target it cannot tell. */
static bb_retarget_input retarget_input(const file_bytes* bvh, size_t size, const bb_setting* settings,
                                        size_t setting_count, const bb_companion* world) {
  bb_retarget_input input;
  memset(&input, 0, sizeof input);
  input.data = bvh->data;
  input.size = size;
  input.source_name = "walk.bvh";
  input.output_name = "walk.ani";
  input.settings = settings;
  input.setting_count = setting_count;
  input.companions = world;
  input.companion_count = world ? 1 : 0;
  return input;
}

static void check_retarget_arguments(const char* bvh_path, const char* world_path) {
  file_bytes bvh, wdb;
  bb_buffer bytes = {NULL, 0}, report = {NULL, 0};
  bb_retarget_input input;
  bb_error error;
  bb_companion world = {"world", "WORLD.WDB", NULL, 0};
  const bb_setting pepper = {"character", "pepper"}, nobody = {"character", "no-such-actor"};
  const bb_setting named_world[] = {{"character", "pepper"}, {"world", "WORLD.WDB"}};
  if (read_whole(bvh_path, &bvh) != 0 || read_whole(world_path, &wdb) != 0) {
    check(0, "reading the BVH and the WORLD.WDB");
    return;
  }
  world.data = wdb.data;
  world.size = wdb.size;
  expect_status(bb_retarget(NULL, &bytes, NULL, NULL), BB_ERROR_ARGUMENT, "retarget(NULL input)");
  input = retarget_input(&bvh, bvh.size, &pepper, 1, &world);
  expect_status(bb_retarget(&input, NULL, NULL, NULL), BB_ERROR_ARGUMENT, "retarget(NULL bytes)");
  input.data = NULL;
  expect_status(bb_retarget(&input, &bytes, NULL, NULL), BB_ERROR_ARGUMENT, "retarget(NULL data, size)");
  input = retarget_input(&bvh, bvh.size, &pepper, 1, &world);
  input.source_name = NULL;
  expect_status(bb_retarget(&input, &bytes, NULL, NULL), BB_ERROR_ARGUMENT, "retarget(NULL source_name)");
  input = retarget_input(&bvh, 4000, &pepper, 1, &world); /* cut in the middle of the hierarchy */
  expect_status(bb_retarget(&input, &bytes, &report, NULL), BB_ERROR_INPUT, "retarget(truncated BVH)");
  check(bb_last_error(&error) == BB_OK && error.has_line && strcmp(error.file, "walk.bvh") == 0,
        "a truncated BVH's error names the file and a line");
  input = retarget_input(&bvh, bvh.size, &nobody, 1, &world);
  expect_status(bb_retarget(&input, &bytes, &report, NULL), BB_ERROR_INPUT, "retarget(unknown character)");
  check(strstr(bb_last_error_text(), "no-such-actor") != NULL, "the error names the character");
  input = retarget_input(&bvh, bvh.size, named_world, 2, NULL); /* no bb_files: the library reads no file */
  expect_status(bb_retarget(&input, &bytes, &report, NULL), BB_ERROR_INPUT,
                "retarget(world by address, no files)");
  check(strstr(bb_last_error_text(), "WORLD.WDB") != NULL, "the error names the world");
  world.data = (const uint8_t*)"not a world";
  world.size = 11;
  input = retarget_input(&bvh, bvh.size, &pepper, 1, &world);
  expect_status(bb_retarget(&input, &bytes, &report, NULL), BB_ERROR_INPUT, "retarget(a world that is none)");
  world.data = wdb.data;
  world.size = wdb.size;
  input = retarget_input(&bvh, bvh.size, &pepper, 1, &world);
  input.output_name = "walk.unknown";
  expect_status(bb_retarget(&input, &bytes, &report, NULL), BB_ERROR_INPUT, "retarget(unknown output)");
  check(bytes.size == 0 && report.size == 0, "nothing written after a failure");
  free(bvh.data);
  free(wdb.data);
}

static int run_arguments(const char* lego_path, const char* bvh_path, const char* world_path) {
  file_bytes lego;
  if (read_whole(lego_path, &lego) != 0 || lego.size <= 40)
    return fprintf(stderr, "cannot read %s\n", lego_path), 2;
  check_document_arguments(&lego);
  check_other_arguments();
  if (bvh_path != NULL) check_retarget_arguments(bvh_path, world_path);
  free(lego.data);
  if (failures == 0) printf("arguments: every check passed\n");
  return failures > 0;
}

int main(int argc, char** argv) {
  if (argc >= 5 && strcmp(argv[1], "convert") == 0) return run_convert(argc - 2, argv + 2);
  if (argc >= 3 && strcmp(argv[1], "error") == 0) return run_error(argc - 2, argv + 2);
  if (argc >= 4 && strcmp(argv[1], "retarget") == 0) return run_retarget(argc - 2, argv + 2);
  if (argc == 3 && strcmp(argv[1], "arguments") == 0) return run_arguments(argv[2], NULL, NULL);
  if (argc == 5 && strcmp(argv[1], "arguments") == 0) return run_arguments(argv[2], argv[3], argv[4]);
  fprintf(stderr,
          "usage: capi_test convert IN OUT EXT [--NAME VALUE]... | error IN | retarget IN OUT [--NAME "
          "VALUE]... | "
          "arguments LEGO.ani [BVH WORLD.WDB]\n");
  return 2;
}
