#include "fb_onnx_net.h"

#include "dnn_support.hpp"

struct fb_onnx_net {
    cv::dnn::Net net;
    std::vector<std::string> outputs;
};

extern "C" fb_onnx_net *fb_onnx_net_load(const char *path, const char *const *output_names, int output_count,
                                         char *error, size_t error_size) {
    return fb_dnn::guarded<fb_onnx_net *>(error, error_size, nullptr, [&] {
        std::vector<std::string> outputs(output_names, output_names + output_count);
        cv::dnn::Net net = fb_dnn::load_checked(path, outputs);
        net.setPreferableBackend(cv::dnn::DNN_BACKEND_OPENCV);
        net.setPreferableTarget(cv::dnn::DNN_TARGET_CPU);
        return new fb_onnx_net{std::move(net), std::move(outputs)};
    });
}

extern "C" void fb_onnx_net_destroy(fb_onnx_net *net) { delete net; }

extern "C" int fb_onnx_net_forward(fb_onnx_net *net, const float *input, int channels, int height, int width,
                                   float *const *outputs, const size_t *output_sizes, char *error, size_t error_size) {
    return fb_dnn::guarded(error, error_size, 1, [&] {
        int shape[4] = {1, channels, height, width};
        net->net.setInput(cv::Mat(4, shape, CV_32F, const_cast<float *>(input)));
        std::vector<cv::Mat> results;
        net->net.forward(results, net->outputs);
        for (size_t i = 0; i < net->outputs.size(); ++i) {
            cv::Mat result = results[i].isContinuous() ? results[i] : results[i].clone();
            if (result.type() != CV_32F || result.total() != output_sizes[i]) {
                fb_dnn::set_error(error, error_size, "output " + net->outputs[i] + " has " + std::to_string(result.total()) +
                                  " values, expected " + std::to_string(output_sizes[i]));
                return 1;
            }
            std::copy(result.ptr<float>(), result.ptr<float>() + output_sizes[i], outputs[i]);
        }
        return 0;
    });
}
