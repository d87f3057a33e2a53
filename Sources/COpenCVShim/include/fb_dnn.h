/*
 * fb_dnn.h — what the OpenCV DNN detectors (fb_yunet.h, fb_mtcnn.h, …) share: the image they
 * are given and the faces they return.
 *
 *  - fb_dnn_image: 8-bit pixels, rows `stride` bytes apart, not copied; `channels` is 1 (gray)
 *    or 3 (R, G, B order). Each detector converts to the channel order its model was trained
 *    with, replicating gray into three channels.
 *  - fb_dnn_face: a box in image pixels (fractional), a score, and up to FB_DNN_MAX_LANDMARKS
 *    points (x, y pairs) in the detector's documented order. Arrays of faces are malloc'd by
 *    the detector and freed by the caller with fb_dnn_free_faces.
 *  - fb_dnn_fit: the scale an image runs at. {0, 0} is the image's own size; otherwise the
 *    image is scaled (cv::resize, INTER_LINEAR) to fit inside width x height keeping its aspect
 *    ratio (factor min(width / w, height / h), sides rounded half up, at least 1) and the faces
 *    are mapped back to the original image's pixels, each axis by its own rounded factor.
 *  - OpenCV's own log lines (its [ERROR:…] and [ WARN:…]) are silenced by the first call into
 *    any detector: what went wrong reaches the caller as that call's one-line `error`.
 *  - fb_dnn_model_outputs writes the names of a model's unconnected output layers, comma
 *    separated, for error messages and tests; 0 on success.
 */
#ifndef FB_DNN_H
#define FB_DNN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FB_DNN_MAX_LANDMARKS 6

typedef struct fb_dnn_image {
    const uint8_t *pixels;
    int width, height, stride, channels;
} fb_dnn_image;

typedef struct fb_dnn_face {
    double x, y, width, height;
    double score;
    int landmark_count;
    double landmarks[2 * FB_DNN_MAX_LANDMARKS];
} fb_dnn_face;

typedef struct fb_dnn_fit {
    int width, height;
} fb_dnn_fit;

void fb_dnn_free_faces(fb_dnn_face *faces);

#ifdef __cplusplus
}
#endif

#endif
