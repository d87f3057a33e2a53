/*
 * fb_yunet2023.h — YuNet 2023mar, which OpenCV 4.6's cv::FaceDetectorYN cannot run, read with
 * cv::dnn::readNetFromONNX and decoded as OpenCV >= 4.8's FaceDetectorYN does
 * (objdetect/src/face_detect.cpp), in the same float arithmetic.
 *
 *  - fb_yunet2023_create loads the ONNX model (its outputs must be 2023mar's twelve: cls_, obj_,
 *    bbox_ and kps_ at strides 8, 16 and 32); NULL with the reason (naming the file) in `error`.
 *  - fb_yunet2023_detect takes the image at the scale `params.fit` asks for (fb_dnn.h), in BGR,
 *    0–255, padded with zeros at the bottom and right to multiples of 32 (at least 32), and per
 *    grid cell of each stride s: score = sqrt(clamp(cls, 0, 1) · clamp(obj, 0, 1)), kept when
 *    not below the score threshold; box centre = (cell + offset) · s, size = exp(·) · s; each
 *    landmark = (cell + offset) · s. With more than one candidate, cv::dnn::NMSBoxes on the boxes
 *    truncated to integers (score threshold, NMS threshold, eta 1, top_k) keeps them, highest
 *    score first. Faces as fb_yunet.h's (box, score, 5 points: right eye, left eye, nose tip,
 *    right and left mouth corners), in the original image's pixels. 0 on success, non-zero
 *    with a reason in `error`.
 *  - A handle is not thread-safe: use one per thread.
 */
#ifndef FB_YUNET2023_H
#define FB_YUNET2023_H

#include "fb_yunet.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fb_yunet2023 fb_yunet2023;

fb_yunet2023 *fb_yunet2023_create(const char *model_path, fb_yunet_params params, char *error, size_t error_size);
void fb_yunet2023_destroy(fb_yunet2023 *detector);
int fb_yunet2023_detect(fb_yunet2023 *detector, fb_dnn_image image, fb_dnn_face **faces, int *count, char *error,
                        size_t error_size);

#ifdef __cplusplus
}
#endif

#endif
