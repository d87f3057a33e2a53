/*
 * fb_dlib.h — dlib's HOG frontal face detector (get_frontal_face_detector) and its shape
 * predictors (68 or 5 points), behind opaque handles.
 *
 * Contract:
 *  - fb_hog_create builds the detector; NULL on failure with the reason in `error`.
 *  - fb_hog_detect runs the detector on an 8-bit gray image (rows `stride` bytes apart; the
 *    pixels are copied into dlib's image type), after `upsample` doublings of the image as
 *    dlib's Python binding does, keeping detections whose score exceeds `adjust_threshold`.
 *    Boxes are mapped back to the original image; (x, y, width, height) is dlib's inclusive
 *    rectangle as left, top, right - left + 1, bottom - top + 1.
 *    Results go in a malloc'd array freed with fb_hog_free_hits. Returns 0 on success.
 *  - fb_shape_create deserialises a shape_predictor .dat file; NULL on failure (unreadable,
 *    not a shape predictor) with the reason in `error`.
 *  - fb_shape_predict runs it on an 8-bit gray image for each box (x, y, width, height in
 *    pixels, converted to dlib's inclusive rectangle left, top, x + width - 1, y + height - 1),
 *    writing `points_per_box` (x, y) pairs per box into `points` (2 * count * points_per_box
 *    doubles). Returns 0 on success; non-zero with the reason when the model has another
 *    number of points.
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
} fb_hog_hit;

typedef struct fb_shape fb_shape;

fb_hog *fb_hog_create(char *error, size_t error_size);
void fb_hog_destroy(fb_hog *hog);
int fb_hog_detect(fb_hog *hog, const uint8_t *pixels, int width, int height, int stride, int upsample,
                  double adjust_threshold, fb_hog_hit **hits, int *count, char *error, size_t error_size);
void fb_hog_free_hits(fb_hog_hit *hits);
const char *fb_dlib_version(void);

fb_shape *fb_shape_create(const char *model_path, char *error, size_t error_size);
void fb_shape_destroy(fb_shape *shape);
int fb_shape_points(const fb_shape *shape);
int fb_shape_predict(fb_shape *shape, const uint8_t *pixels, int width, int height, int stride, const double *boxes,
                     int count, int points_per_box, double *points, char *error, size_t error_size);

#ifdef __cplusplus
}
#endif

#endif
