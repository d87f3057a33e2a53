/*
 * fb_opencv.h — OpenCV's CascadeClassifier (Haar and LBP) behind opaque handles.
 *
 * Contract:
 *  - fb_cascade_create loads a cascade XML file; NULL on failure with the reason in `error`.
 *  - fb_cascade_scan runs detectMultiScale's scan on an 8-bit gray image (rows `stride` bytes
 *    apart, not copied) and returns every accepted window, ungrouped and unclipped (a window
 *    may overhang the right or bottom border by a pixel), with its level weight.
 *  - fb_cascade_group groups such windows as detectMultiScale does and clips the faces to a
 *    width x height image. Each face carries both scores OpenCV can give: the neighbour count
 *    (detectMultiScale2's numDetections) and the level weight (detectMultiScale3's
 *    levelWeights). Scan then group gives exactly detectMultiScale's boxes for the same
 *    parameters; min_neighbors 0 gives the windows themselves, clipped, one neighbour each.
 *  - Both return 0 on success, non-zero with a reason in `error` on failure, and their arrays
 *    are malloc'd: the caller frees them with fb_cascade_free.
 *  - A handle is not thread-safe: use one per thread. Different handles may run in parallel.
 *  - fb_opencv_set_threads pins OpenCV's own worker pool (cv::setNumThreads); process-wide.
 */
#ifndef FB_OPENCV_H
#define FB_OPENCV_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fb_cascade fb_cascade;

typedef struct fb_cascade_hit {
    int x, y, width, height;
    int neighbors;
    double level_weight;
} fb_cascade_hit;

typedef struct fb_cascade_raw_hit {
    int x, y, width, height;
    double level_weight;
} fb_cascade_raw_hit;

typedef struct fb_cascade_scan_params {
    double scale_factor;
    int min_width, min_height; /* 0: the cascade's window size */
    int max_width, max_height; /* 0: no limit */
} fb_cascade_scan_params;

fb_cascade *fb_cascade_create(const char *path, char *error, size_t error_size);
void fb_cascade_destroy(fb_cascade *cascade);
/* The cascade's training window (e.g. 24x24) and its feature type ("HAAR", "LBP"). */
void fb_cascade_window(const fb_cascade *cascade, int *width, int *height);
int fb_cascade_scan(fb_cascade *cascade, const uint8_t *pixels, int width, int height, int stride,
                    fb_cascade_scan_params params, fb_cascade_raw_hit **windows, int *count,
                    char *error, size_t error_size);
int fb_cascade_group(const fb_cascade_raw_hit *windows, int window_count, int min_neighbors,
                     int image_width, int image_height, fb_cascade_hit **hits, int *count,
                     char *error, size_t error_size);
void fb_cascade_free(void *array);

const char *fb_opencv_version(void);
void fb_opencv_set_threads(int threads);

#ifdef __cplusplus
}
#endif

#endif
