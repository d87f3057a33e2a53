/*
 * fb_yunet.h — YuNet 2022mar through OpenCV 4.6's cv::FaceDetectorYN (objdetect, on the DNN
 * module). The 2023mar model, which that FaceDetectorYN cannot run, is fb_yunet2023.h's.
 *
 *  - fb_yunet_create loads the ONNX model (its outputs must be YuNet 2022mar's loc, conf, iou);
 *    NULL with the reason (naming the file) in `error` on failure.
 *  - fb_yunet_detect runs FaceDetectorYN::detect on the image (BGR, as YuNet was trained) at
 *    the scale `fit` asks for (fb_dnn.h), and returns the faces with FaceDetectorYN's box,
 *    score and 5 points in its order: right eye, left eye, nose tip, right and left mouth
 *    corners (the subject's sides), in the original image's pixels. An image whose width or
 *    height is below FB_YUNET_MIN_SIDE is first padded with zeros at the bottom and right to
 *    that side: 4.6's network has no output at its stride-64 level for less (it throws from
 *    a pooling layer up to 62 px), and the padding leaves coordinates as they are.
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

#define FB_YUNET_MIN_SIDE 64

typedef struct fb_yunet fb_yunet;

typedef struct fb_yunet_params {
    float score_threshold;
    float nms_threshold;
    int top_k;
    fb_dnn_fit fit;
} fb_yunet_params;

fb_yunet *fb_yunet_create(const char *model_path, fb_yunet_params params, char *error, size_t error_size);
void fb_yunet_destroy(fb_yunet *detector);
int fb_yunet_detect(fb_yunet *detector, fb_dnn_image image, fb_dnn_face **faces, int *count, char *error, size_t error_size);

#ifdef __cplusplus
}
#endif

#endif
