/*
 * facebench_plugin.h — the C ABI of FaceBench native detector plugins, version 2.
 *
 * A plugin is a shared library (C, C++, Rust, …) exporting one symbol:
 *
 *     const facebench_plugin_api *facebench_plugin_entry(void);
 *
 * returning a table that lives as long as the library is loaded. FaceBench loads it with
 * `--detector plugin:/path/libdet.so[:key=value,…]`, checks `abi_version` and every function
 * pointer, then creates one instance per worker thread:
 *
 *   create   — build an instance from key=value parameters (all strings); unknown keys or bad
 *              values are an error with a message. Called once at spec time to check the
 *              parameters and read `describe`, then once per worker.
 *   describe — the instance's name, version, score meaning and every parameter in effect
 *              (defaults included), so results record exactly what ran.
 *   detect   — find faces in an 8-bit gray image (row `y` starts at `pixels + y * stride`).
 *              The returned faces belong to the instance and stay valid until its next
 *              `detect` or `destroy`.
 *   destroy  — free the instance.
 *
 * Threading: an instance is used by one thread at a time; different instances are used
 * concurrently from different threads, so instances must not share mutable state.
 * Errors: functions that can fail return non-zero (or NULL) and write a NUL-terminated
 * message of at most `error_size` bytes into `error`. A plugin that crashes takes FaceBench
 * down with it; run it through an `exec:` host program to isolate it.
 *
 * Compatibility: fields are only ever appended, and each addition increments
 * FACEBENCH_PLUGIN_ABI_VERSION; FaceBench reads an appended field only from plugins built
 * for a version that has it, so older plugins keep loading. Version 2 appended
 * `facebench_description.landmark_scheme`. FaceBench refuses a version newer than it speaks.
 */
#ifndef FACEBENCH_PLUGIN_H
#define FACEBENCH_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FACEBENCH_PLUGIN_ABI_VERSION 2u
/* The first version, without `landmark_scheme`: still loaded. */
#define FACEBENCH_PLUGIN_ABI_VERSION_OLDEST 1u
#define FACEBENCH_PLUGIN_ENTRY "facebench_plugin_entry"

/* One key=value pair of the detector spec, or of the parameters in effect. */
typedef struct facebench_parameter {
    const char *key;
    const char *value;
} facebench_parameter;

/* One face, in pixels of the image given to detect; (x, y) is the top-left corner. */
typedef struct facebench_face {
    double x, y, width, height;
    /* Higher is more confident; what it means is `facebench_description.score_meaning`. */
    double score;
    /* landmark_count points as x0, y0, x1, y1, … in image pixels; 0 and NULL when none. */
    int32_t landmark_count;
    const double *landmarks;
} facebench_face;

/* What an instance says about itself. Strings and arrays belong to the instance. */
typedef struct facebench_description {
    const char *name;
    const char *version;
    const char *score_meaning;
    const facebench_parameter *parameters;
    size_t parameter_count;
    /* Since version 2: the scheme of the faces' landmarks by name ("five", "ibug68",
     * "blazeface6", "dlib5", …: docs/plugins.md), or NULL for none or unnamed (FaceBench
     * then goes by the point count). Every face's landmark_count must match the scheme. */
    const char *landmark_scheme;
} facebench_description;

typedef struct facebench_plugin_api {
    /* FACEBENCH_PLUGIN_ABI_VERSION as the plugin was compiled. */
    uint32_t abi_version;
    /* sizeof(facebench_plugin_api) as the plugin was compiled. */
    uint32_t struct_size;

    void *(*create)(const facebench_parameter *parameters, size_t parameter_count, char *error, size_t error_size);

    int (*describe)(void *instance, facebench_description *description, char *error, size_t error_size);

    int (*detect)(void *instance, const uint8_t *pixels, int32_t width, int32_t height, int32_t stride,
                  const facebench_face **faces, size_t *face_count, char *error, size_t error_size);

    void (*destroy)(void *instance);
} facebench_plugin_api;

typedef const facebench_plugin_api *(*facebench_plugin_entry_fn)(void);

#ifdef __cplusplus
}
#endif

#endif /* FACEBENCH_PLUGIN_H */
