/*
 * fb_scrfd.h — InsightFace's SCRFD face detector (an ONNX export) run by OpenCV DNN, with the
 * pre- and post-processing of InsightFace's `SCRFD` class (insightface/model_zoo/scrfd.py,
 * PyPI insightface 2.1) step for step, in its float32 arithmetic:
 *
 *  - the image (R, G, B order as fb_dnn.h gives it, gray replicated) is fitted into the
 *    input canvas keeping its aspect ratio (new size truncated to integers, det_scale = new
 *    height / height), resized with bilinear cv::resize into the top-left corner of a zero
 *    canvas, and made a blob with blobFromImage: (x − 127.5) / 128, R, G, B planes;
 *  - outputs are taken by their position in the graph (scores, boxes[, landmarks] for each
 *    stride, InsightFace's 6/9-output graphs at strides 8, 16, 32 with two anchors per cell,
 *    10/15-output graphs at strides 8…128 with one), anchor centres are the cells' top-left
 *    corners times the stride, boxes and landmarks are distances times the stride from them,
 *    divided by det_scale;
 *  - candidates scoring >= score_threshold are ordered by score (stable: ties keep the
 *    graph's order), then greedy NMS with InsightFace's +1 areas drops those whose overlap
 *    with a kept box exceeds nms_threshold.
 *
 * Input size: `input_width` × `input_height` is the canvas (multiples of the largest stride);
 * 0 × 0 means each image at its own size, padded with zeros bottom/right up to a multiple of
 * the largest stride and then given to the same fitting (which then keeps its scale). A model
 * whose graph fixes its input size (SCRFD's published 640×640 exports fix the upsampling
 * sizes too) runs at other canvases through a copy of the graph whose upsampling sizes are
 * scaled to the canvas; one with a dynamic input is run as it is when OpenCV can import it.
 *
 *  - fb_scrfd_create reads and checks the model (an ONNX graph with one image input and 6, 9,
 *    10 or 15 outputs); NULL with the reason, naming the file, in `error` on failure (a file
 *    that is missing, truncated, not SCRFD, or an export OpenCV 4.6 cannot import).
 *  - fb_scrfd_detect returns the faces in NMS order: box x1, y1, x2 − x1, y2 − y1 in image
 *    pixels, the score, and with a landmark graph 5 points in InsightFace's order (image-left
 *    eye, image-right eye, nose, image-left and image-right mouth corners).
 *  - fb_scrfd_has_landmarks: 1 when the graph has landmark outputs.
 *  - A handle is not thread-safe: use one per thread.
 */
#ifndef FB_SCRFD_H
#define FB_SCRFD_H

#include "fb_dnn.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fb_scrfd fb_scrfd;

typedef struct fb_scrfd_params {
    float score_threshold;        /* InsightFace's det_thresh (0.5) */
    float nms_threshold;          /* its nms_thresh (0.4) */
    int input_width, input_height; /* the canvas (det_size, 640 × 640); 0 × 0 = each image's own size */
} fb_scrfd_params;

fb_scrfd *fb_scrfd_create(const char *model_path, fb_scrfd_params params, char *error, size_t error_size);
void fb_scrfd_destroy(fb_scrfd *detector);
int fb_scrfd_has_landmarks(const fb_scrfd *detector);
int fb_scrfd_detect(fb_scrfd *detector, fb_dnn_image image, fb_dnn_face **faces, int *count, char *error, size_t error_size);

#ifdef __cplusplus
}
#endif

#endif
