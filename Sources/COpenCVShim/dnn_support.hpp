// What the DNN detectors' translation units share (not part of the C interface): error text,
// the image in a model's channel order, loading a network whose outputs are checked, and
// handing faces back through fb_dnn.h.
#pragma once

#include "fb_dnn.h"

#include <opencv2/core.hpp>
#include <opencv2/dnn.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

namespace fb_dnn {

inline void set_error(char *error, size_t size, const std::string &message) {
    if (error && size) std::snprintf(error, size, "%s", message.c_str());
}

// Runs `body`, turning OpenCV's and the standard library's exceptions into `failure` with
// the reason in `error`: nothing is thrown across the C interface.
template <typename T, typename Body>
T guarded(char *error, size_t error_size, T failure, Body body) {
    try {
        return body();
    } catch (const cv::Exception &e) {
        set_error(error, error_size, e.msg);
    } catch (const std::exception &e) {
        set_error(error, error_size, e.what());
    }
    return failure;
}

enum class ChannelOrder { bgr, rgb };

// Three 8-bit channels in `order`; gray is replicated. Throws on a bad geometry.
inline cv::Mat three_channels(const fb_dnn_image &image, ChannelOrder order) {
    if (image.width <= 0 || image.height <= 0 || !image.pixels || (image.channels != 1 && image.channels != 3) ||
        image.stride < image.width * image.channels) {
        throw std::runtime_error("invalid image geometry");
    }
    cv::Mat wrapped(image.height, image.width, image.channels == 1 ? CV_8UC1 : CV_8UC3, const_cast<uint8_t *>(image.pixels),
                    static_cast<size_t>(image.stride));
    cv::Mat out;
    if (image.channels == 1) {
        cv::cvtColor(wrapped, out, cv::COLOR_GRAY2BGR);
    } else if (order == ChannelOrder::bgr) {
        cv::cvtColor(wrapped, out, cv::COLOR_RGB2BGR);
    } else {
        out = wrapped;
    }
    return out;
}

inline std::string joined(const std::vector<std::string> &names) {
    std::string out;
    for (const auto &name : names) out += (out.empty() ? "" : ", ") + name;
    return out;
}

// A network read from `path` that must have exactly the `expected` output layers: a file
// that is not a model, or a different model, is refused here with the file named, before
// inference could fail in less readable ways.
inline cv::dnn::Net load_checked(const std::string &path, const std::vector<std::string> &expected) {
    cv::dnn::Net net;
    try {
        net = cv::dnn::readNet(path);
    } catch (const cv::Exception &e) {
        throw std::runtime_error(path + ": OpenCV cannot read this model (damaged or not a model file): " + e.msg);
    }
    if (net.empty()) throw std::runtime_error(path + ": OpenCV read no network from this file");
    std::vector<std::string> outputs = net.getUnconnectedOutLayersNames();
    std::vector<std::string> sortedOutputs = outputs, sortedExpected = expected;
    std::sort(sortedOutputs.begin(), sortedOutputs.end());
    std::sort(sortedExpected.begin(), sortedExpected.end());
    if (sortedOutputs != sortedExpected) {
        throw std::runtime_error(path + ": unexpected model outputs (" + joined(outputs) + "); expected " + joined(expected));
    }
    return net;
}

// Moves faces into a malloc'd array for the C caller.
inline int hand_over(const std::vector<fb_dnn_face> &faces, fb_dnn_face **out, int *count, char *error, size_t error_size) {
    *out = nullptr;
    *count = 0;
    if (faces.empty()) return 0;
    auto *array = static_cast<fb_dnn_face *>(std::malloc(sizeof(fb_dnn_face) * faces.size()));
    if (!array) {
        set_error(error, error_size, "out of memory");
        return 1;
    }
    std::copy(faces.begin(), faces.end(), array);
    *out = array;
    *count = static_cast<int>(faces.size());
    return 0;
}

}  // namespace fb_dnn
