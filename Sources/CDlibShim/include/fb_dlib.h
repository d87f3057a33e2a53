/*
 * fb_dlib.h — dlib's HOG frontal face detector (get_frontal_face_detector) and, optionally,
 * its 68-point shape predictor, behind an opaque handle.
 *
 * Contract:
 *  - fb_hog_create builds the detector; with a non-NULL `shape_predictor_path` it also loads
 *    that model and fb_hog_detect fills 68 landmarks per face. NULL on failure with the
 *    reason in `error`.
 *  - fb_hog_detect runs the detector on an 8-bit gray image (rows `stride` bytes apart; the
 *    pixels are copied into dlib's image type), after `upsample` doublings of the image as
 *    dlib's Python binding does, keeping detections whose score exceeds `adjust_threshold`.
 *    Boxes are mapped back to the original image; (x, y, width, height) is dlib's inclusive
 *    rectangle as left, top, right - left + 1, bottom - top + 1.
 *    Results go in a malloc'd array freed with fb_hog_free_hits. Returns 0 on success.
 *  - A handle is not thread-safe: use one per thread.
 */
#ifndef FB_DLIB_H
#define FB_DLIB_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fb_hog fb_hog;

typedef struct fb_hog_hit {
    double x, y, width, height;
    double score;
    /* The sub-detector (pose) that fired: dlib's frontal detector has five. */
    int detector_index;
    int landmark_count; /* 0, or 68 with a shape predictor */
    double landmarks[68 * 2];
} fb_hog_hit;

fb_hog *fb_hog_create(const char *shape_predictor_path, char *error, size_t error_size);
void fb_hog_destroy(fb_hog *hog);
int fb_hog_detect(fb_hog *hog, const uint8_t *pixels, int width, int height, int stride, int upsample,
                  double adjust_threshold, fb_hog_hit **hits, int *count, char *error, size_t error_size);
void fb_hog_free_hits(fb_hog_hit *hits);
const char *fb_dlib_version(void);

#ifdef __cplusplus
}
#endif

#endif
