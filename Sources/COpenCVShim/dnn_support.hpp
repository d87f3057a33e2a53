// What the DNN detectors' translation units share (not part of the C interface): error text,
// the image in a model's channel order, loading a network whose outputs are checked, and
// handing faces back through fb_dnn.h.
#pragma once

#include "fb_dnn.h"

#include <opencv2/core.hpp>
#include <opencv2/dnn.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/core/utils/logger.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace fb_dnn {

inline void set_error(char *error, size_t size, const std::string &message) {
    if (error && size) std::snprintf(error, size, "%s", message.c_str());
}

// OpenCV writes its own [ERROR:…] / [ WARN:…] lines to stderr before it throws, in the middle
// of FaceBench's output; the exception carries what matters and becomes the call's error.
inline void silence_opencv_log() {
    static const bool silenced = [] {
        cv::utils::logging::setLogLevel(cv::utils::logging::LOG_LEVEL_SILENT);
        return true;
    }();
    (void)silenced;
}

// An OpenCV exception as one line: its message spans lines ("> … where\n>     'x' is 0"),
// and the function it came from says which stage failed.
inline std::string one_line(const cv::Exception &e) {
    std::string text, line;
    std::istringstream lines(e.msg);
    while (std::getline(lines, line)) {
        const size_t start = line.find_first_not_of("> \t\r");
        if (start == std::string::npos) continue;
        const size_t end = line.find_last_not_of(" \t\r");
        text += (text.empty() ? "" : " ") + line.substr(start, end - start + 1);
    }
    if (!e.func.empty()) text += " (in " + e.func + ")";
    return text;
}

// Runs `body`, turning OpenCV's and the standard library's exceptions into `failure` with
// the reason in `error`: nothing is thrown across the C interface.
template <typename T, typename Body>
T guarded(char *error, size_t error_size, T failure, Body body) {
    silence_opencv_log();
    try {
        return body();
    } catch (const cv::Exception &e) {
        set_error(error, error_size, one_line(e));
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

// The image at the scale fb_dnn_fit asks for, and the factors that take its pixels back to the
// original image's.
struct Fitted {
    cv::Mat image;
    double to_original_x = 1, to_original_y = 1;
};

inline Fitted fitted(const cv::Mat &image, fb_dnn_fit fit) {
    if (fit.width == 0 && fit.height == 0) return {image};
    if (fit.width <= 0 || fit.height <= 0) throw std::runtime_error("invalid fit size");
    const double scale = std::min(static_cast<double>(fit.width) / image.cols, static_cast<double>(fit.height) / image.rows);
    const int width = std::max(1, static_cast<int>(std::floor(image.cols * scale + 0.5)));
    const int height = std::max(1, static_cast<int>(std::floor(image.rows * scale + 0.5)));
    if (width == image.cols && height == image.rows) return {image};
    Fitted out;
    cv::resize(image, out.image, cv::Size(width, height), 0, 0, cv::INTER_LINEAR);
    out.to_original_x = static_cast<double>(image.cols) / width;
    out.to_original_y = static_cast<double>(image.rows) / height;
    return out;
}

// Faces found on a Fitted image, in the original image's pixels.
inline void to_original(std::vector<fb_dnn_face> &faces, const Fitted &fit) {
    if (fit.to_original_x == 1 && fit.to_original_y == 1) return;
    for (fb_dnn_face &face : faces) {
        face.x *= fit.to_original_x;
        face.width *= fit.to_original_x;
        face.y *= fit.to_original_y;
        face.height *= fit.to_original_y;
        for (int i = 0; i < face.landmark_count; i++) {
            face.landmarks[2 * i] *= fit.to_original_x;
            face.landmarks[2 * i + 1] *= fit.to_original_y;
        }
    }
}

// `image` grown with zeros at the bottom and right to at least width x height: coordinates in
// it are the original's.
inline cv::Mat padded_to(const cv::Mat &image, int width, int height) {
    if (image.cols >= width && image.rows >= height) return image;
    cv::Mat out;
    cv::copyMakeBorder(image, out, 0, std::max(0, height - image.rows), 0, std::max(0, width - image.cols), cv::BORDER_CONSTANT,
                       cv::Scalar::all(0));
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

// A face from a row as cv::FaceDetectorYN lays it out: x, y, width, height, five (x, y)
// points, score.
inline fb_dnn_face yunet_face(const float *row) {
    fb_dnn_face face{};
    face.x = row[0];
    face.y = row[1];
    face.width = row[2];
    face.height = row[3];
    face.landmark_count = 5;
    for (int i = 0; i < 10; i++) face.landmarks[i] = row[4 + i];
    face.score = row[14];
    return face;
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
