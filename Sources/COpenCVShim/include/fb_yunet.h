/*
 * fb_yunet.h — YuNet through OpenCV's cv::FaceDetectorYN (objdetect, on the DNN module).
 *
 *  - fb_yunet_create loads the ONNX model (its outputs must be YuNet's loc, conf, iou);
 *    NULL with the reason (naming the file) in `error` on failure.
 *  - fb_yunet_detect runs FaceDetectorYN::detect on the image at its own size (BGR, as YuNet
 *    was trained) and returns the faces with FaceDetectorYN's box, score and 5 points in its
 *    order: right eye, left eye, nose tip, right and left mouth corners (the subject's sides).
 *    0 on success, non-zero with a reason in `error`.
 *  - A handle is not thread-safe: use one per thread. OpenCV's thread pool is
 *    fb_opencv_set_threads's (fb_opencv.h).
 */
#ifndef FB_YUNET_H
#define FB_YUNET_H

#include "fb_dnn.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fb_yunet fb_yunet;

typedef struct fb_yunet_params {
    float score_threshold;
    float nms_threshold;
    int top_k;
} fb_yunet_params;

fb_yunet *fb_yunet_create(const char *model_path, fb_yunet_params params, char *error, size_t error_size);
void fb_yunet_destroy(fb_yunet *detector);
int fb_yunet_detect(fb_yunet *detector, fb_dnn_image image, fb_dnn_face **faces, int *count, char *error, size_t error_size);

#ifdef __cplusplus
}
#endif

#endif
