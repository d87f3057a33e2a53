#include "fb_yunet.h"

#include "dnn_support.hpp"

#include <opencv2/objdetect.hpp>

#include <memory>

struct fb_yunet {
    cv::Ptr<cv::FaceDetectorYN> detector;
    cv::Size inputSize;
    fb_dnn_fit fit;
};

extern "C" fb_yunet *fb_yunet_create(const char *model_path, fb_yunet_params params, char *error, size_t error_size) {
    return fb_dnn::guarded<fb_yunet *>(error, error_size, nullptr, [&] {
        // FaceDetectorYN reads the file itself and only finds missing outputs at the first
        // detect; checking once here turns a wrong file into a load error naming it.
        fb_dnn::load_checked(model_path, {"loc", "conf", "iou"});
        auto out = std::make_unique<fb_yunet>();
        out->inputSize = cv::Size(320, 320);
        out->fit = params.fit;
        out->detector = cv::FaceDetectorYN::create(model_path, "", out->inputSize, params.score_threshold,
                                                   params.nms_threshold, params.top_k);
        return out.release();
    });
}

extern "C" void fb_yunet_destroy(fb_yunet *detector) { delete detector; }

extern "C" int fb_yunet_detect(fb_yunet *detector, fb_dnn_image image, fb_dnn_face **faces, int *count, char *error,
                               size_t error_size) {
    *faces = nullptr;
    *count = 0;
    return fb_dnn::guarded(error, error_size, 1, [&] {
        const fb_dnn::Fitted fit = fb_dnn::fitted(fb_dnn::three_channels(image, fb_dnn::ChannelOrder::bgr), detector->fit);
        cv::Mat bgr = fb_dnn::padded_to(fit.image, FB_YUNET_MIN_SIDE, FB_YUNET_MIN_SIDE);
        if (bgr.size() != detector->inputSize) {
            detector->inputSize = bgr.size();
            detector->detector->setInputSize(detector->inputSize);
        }
        cv::Mat found;
        detector->detector->detect(bgr, found);
        std::vector<fb_dnn_face> out;
        for (int row = 0; row < found.rows; row++) out.push_back(fb_dnn::yunet_face(found.ptr<float>(row)));
        fb_dnn::to_original(out, fit);
        return fb_dnn::hand_over(out, faces, count, error, error_size);
    });
}
