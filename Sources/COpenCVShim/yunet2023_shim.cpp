#include "fb_yunet2023.h"

#include "dnn_support.hpp"

#include <array>
#include <cmath>
#include <memory>

struct fb_yunet2023 {
    cv::dnn::Net net;
    fb_yunet_params params;
};

namespace {

constexpr int kDivisor = 32;
constexpr std::array<int, 3> kStrides = {8, 16, 32};
// FaceDetectorYN's forward order: the i-th stride's cls, obj, bbox, kps at i, i + 3, i + 6, i + 9.
const std::vector<std::string> kOutputs = {"cls_8",  "cls_16",  "cls_32",  "obj_8", "obj_16", "obj_32",
                                           "bbox_8", "bbox_16", "bbox_32", "kps_8", "kps_16", "kps_32"};

// FaceDetectorYN clamps with OpenCV's MIN then MAX macros, under which NaN becomes 1.
inline float clamped(float v) {
    v = v < 1.f ? v : 1.f;
    return v > 0.f ? v : 0.f;
}

const float *values(const cv::Mat &blob, size_t expected, const std::string &name) {
    if (blob.type() != CV_32F || blob.total() != expected) {
        throw std::runtime_error("unexpected size of output " + name + ": " + std::to_string(blob.total()) + " values, expected " +
                                 std::to_string(expected));
    }
    return blob.ptr<float>();
}

// (x, y, w, h, 10 landmark coordinates, score) per candidate, as FaceDetectorYN's rows.
using Row = std::array<float, 15>;

std::vector<Row> decode(const std::vector<cv::Mat> &blobs, int padW, int padH, float scoreThreshold) {
    std::vector<Row> rows;
    for (size_t i = 0; i < kStrides.size(); i++) {
        const int stride = kStrides[i];
        const int cols = padW / stride, gridRows = padH / stride;
        const size_t cells = static_cast<size_t>(cols) * gridRows;
        const float *cls = values(blobs[i], cells, kOutputs[i]);
        const float *obj = values(blobs[i + 3], cells, kOutputs[i + 3]);
        const float *bbox = values(blobs[i + 6], cells * 4, kOutputs[i + 6]);
        const float *kps = values(blobs[i + 9], cells * 10, kOutputs[i + 9]);
        for (int r = 0; r < gridRows; r++) {
            for (int c = 0; c < cols; c++) {
                const size_t idx = static_cast<size_t>(r) * cols + c;
                const float score = std::sqrt(clamped(cls[idx]) * clamped(obj[idx]));
                if (score < scoreThreshold) continue;
                Row row;
                const float cx = (c + bbox[idx * 4 + 0]) * stride, cy = (r + bbox[idx * 4 + 1]) * stride;
                const float w = std::exp(bbox[idx * 4 + 2]) * stride, h = std::exp(bbox[idx * 4 + 3]) * stride;
                row[0] = cx - w / 2.f;
                row[1] = cy - h / 2.f;
                row[2] = w;
                row[3] = h;
                for (int n = 0; n < 5; n++) {
                    row[4 + 2 * n] = (kps[idx * 10 + 2 * n] + c) * stride;
                    row[5 + 2 * n] = (kps[idx * 10 + 2 * n + 1] + r) * stride;
                }
                row[14] = score;
                rows.push_back(row);
            }
        }
    }
    return rows;
}

std::vector<Row> suppressed(const std::vector<Row> &rows, const fb_yunet_params &params) {
    if (rows.size() <= 1) return rows;
    std::vector<cv::Rect> boxes;
    std::vector<float> scores;
    for (const Row &row : rows) {
        boxes.emplace_back(static_cast<int>(row[0]), static_cast<int>(row[1]), static_cast<int>(row[2]), static_cast<int>(row[3]));
        scores.push_back(row[14]);
    }
    std::vector<int> keep;
    cv::dnn::NMSBoxes(boxes, scores, params.score_threshold, params.nms_threshold, keep, 1.f, params.top_k);
    std::vector<Row> out;
    for (int index : keep) out.push_back(rows[index]);
    return out;
}

}  // namespace

extern "C" fb_yunet2023 *fb_yunet2023_create(const char *model_path, fb_yunet_params params, char *error, size_t error_size) {
    return fb_dnn::guarded<fb_yunet2023 *>(error, error_size, nullptr, [&] {
        auto out = std::make_unique<fb_yunet2023>();
        out->net = fb_dnn::load_checked(model_path, kOutputs);
        out->params = params;
        return out.release();
    });
}

extern "C" void fb_yunet2023_destroy(fb_yunet2023 *detector) { delete detector; }

extern "C" int fb_yunet2023_detect(fb_yunet2023 *detector, fb_dnn_image image, fb_dnn_face **faces, int *count, char *error,
                                   size_t error_size) {
    *faces = nullptr;
    *count = 0;
    return fb_dnn::guarded(error, error_size, 1, [&] {
        const fb_dnn::Fitted fit = fb_dnn::fitted(fb_dnn::three_channels(image, fb_dnn::ChannelOrder::bgr), detector->params.fit);
        const int padW = ((fit.image.cols - 1) / kDivisor + 1) * kDivisor, padH = ((fit.image.rows - 1) / kDivisor + 1) * kDivisor;
        detector->net.setInput(cv::dnn::blobFromImage(fb_dnn::padded_to(fit.image, padW, padH)));
        std::vector<cv::Mat> blobs;
        detector->net.forward(blobs, kOutputs);
        std::vector<fb_dnn_face> out;
        for (const Row &row : suppressed(decode(blobs, padW, padH, detector->params.score_threshold), detector->params))
            out.push_back(fb_dnn::yunet_face(row.data()));
        fb_dnn::to_original(out, fit);
        return fb_dnn::hand_over(out, faces, count, error, error_size);
    });
}
