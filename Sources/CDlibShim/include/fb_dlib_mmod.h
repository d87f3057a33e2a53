/*
 * fb_dlib_mmod.h — dlib's CNN face detector (the MMOD network of dlib's
 * dnn_mmod_face_detection_ex.cpp, `cnn_face_detection_model_v1` in its Python binding) on
 * the CPU, behind an opaque handle.
 *
 * Contract:
 *  - fb_mmod_create deserialises mmod_human_face_detector.dat; NULL on failure (unreadable,
 *    truncated or another network) with the reason, naming the file, in `error`.
 *  - fb_mmod_detect copies an 8-bit image (`channels` 1 = gray, replicated, or 3 = R, G, B;
 *    rows `stride` bytes apart) into dlib's RGB matrix, doubles it `upsample` times with
 *    pyramid_up as the Python binding does, runs the network and maps the boxes back.
 *    (x, y, width, height) is dlib's inclusive rectangle as left, top, right - left + 1,
 *    bottom - top + 1; the score is detection_confidence. Results go in a malloc'd array
 *    freed with fb_mmod_free_hits. Returns 0 on success.
 *  - A handle is not thread-safe: use one per thread.
 *  - fb_blas_set_threads pins the BLAS library's own thread pool when it has one (OpenBLAS:
 *    openblas_set_num_threads); process-wide. Returns 0 when the BLAS in use has no pool.
 */
#ifndef FB_DLIB_MMOD_H
#define FB_DLIB_MMOD_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fb_mmod fb_mmod;

typedef struct fb_mmod_hit {
    double x, y, width, height;
    double confidence;
} fb_mmod_hit;

fb_mmod *fb_mmod_create(const char *model_path, char *error, size_t error_size);
void fb_mmod_destroy(fb_mmod *mmod);
int fb_mmod_detect(fb_mmod *mmod, const uint8_t *pixels, int width, int height, int stride, int channels, int upsample,
                   fb_mmod_hit **hits, int *count, char *error, size_t error_size);
void fb_mmod_free_hits(fb_mmod_hit *hits);
int fb_blas_set_threads(int threads);

#ifdef __cplusplus
}
#endif

#endif
