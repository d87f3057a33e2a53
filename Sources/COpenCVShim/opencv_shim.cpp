#include "fb_opencv.h"

#include <opencv2/core.hpp>
#include <opencv2/objdetect.hpp>

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <vector>

struct fb_cascade {
    cv::CascadeClassifier classifier;
};

static void set_error(char *error, size_t size, const char *message) {
    if (error && size) std::snprintf(error, size, "%s", message);
}

extern "C" fb_cascade *fb_cascade_create(const char *path, char *error, size_t error_size) {
    try {
        auto *cascade = new fb_cascade();
        if (!cascade->classifier.load(path)) {
            delete cascade;
            set_error(error, error_size, "OpenCV could not load the cascade (missing file or not a cascade XML)");
            return nullptr;
        }
        return cascade;
    } catch (const std::exception &e) {
        set_error(error, error_size, e.what());
        return nullptr;
    }
}

extern "C" void fb_cascade_destroy(fb_cascade *cascade) { delete cascade; }

extern "C" void fb_cascade_window(const fb_cascade *cascade, int *width, int *height) {
    cv::Size size = cascade->classifier.getOriginalWindowSize();
    *width = size.width;
    *height = size.height;
}

template <typename T> static T *copy_out(const std::vector<T> &values, char *error, size_t error_size) {
    auto *out = static_cast<T *>(std::malloc(sizeof(T) * (values.empty() ? 1 : values.size())));
    if (!out) {
        set_error(error, error_size, "out of memory");
        return nullptr;
    }
    for (size_t i = 0; i < values.size(); i++) out[i] = values[i];
    return out;
}

extern "C" int fb_cascade_scan(fb_cascade *cascade, const uint8_t *pixels, int width, int height, int stride,
                               fb_cascade_scan_params params, fb_cascade_raw_hit **windows, int *count,
                               char *error, size_t error_size) {
    *windows = nullptr;
    *count = 0;
    try {
        cv::Mat image(height, width, CV_8UC1, const_cast<uint8_t *>(pixels), static_cast<size_t>(stride));
        // The implementation behind CascadeClassifier (`cc`), not the wrapper: with minNeighbors 0
        // it returns the accepted windows ungrouped, and only the wrapper clips them to the image,
        // which detectMultiScale does after grouping — never to the windows it averages.
        std::vector<cv::Rect> raw;
        std::vector<int> levels;
        std::vector<double> weights;
        cascade->classifier.cc->detectMultiScale(image, raw, levels, weights, params.scale_factor, 0, 0,
                                                 cv::Size(params.min_width, params.min_height),
                                                 cv::Size(params.max_width, params.max_height), true);
        if (weights.size() != raw.size()) {
            set_error(error, error_size, "OpenCV returned a level weight count unlike its window count");
            return 1;
        }
        std::vector<fb_cascade_raw_hit> out(raw.size());
        for (size_t i = 0; i < raw.size(); i++)
            out[i] = fb_cascade_raw_hit{raw[i].x, raw[i].y, raw[i].width, raw[i].height, weights[i]};
        if (!(*windows = copy_out(out, error, error_size))) return 1;
        *count = static_cast<int>(out.size());
        return 0;
    } catch (const std::exception &e) {
        set_error(error, error_size, e.what());
        return 1;
    }
}

extern "C" int fb_cascade_group(const fb_cascade_raw_hit *windows, int window_count, int min_neighbors,
                                int image_width, int image_height, fb_cascade_hit **hits, int *count,
                                char *error, size_t error_size) {
    *hits = nullptr;
    *count = 0;
    try {
        std::vector<cv::Rect> byCount(static_cast<size_t>(window_count));
        std::vector<double> weights(static_cast<size_t>(window_count));
        for (int i = 0; i < window_count; i++) {
            byCount[i] = cv::Rect(windows[i].x, windows[i].y, windows[i].width, windows[i].height);
            weights[i] = windows[i].level_weight;
        }
        // The two grouping functions detectMultiScale2 and detectMultiScale3 call, each on a copy:
        // one scan gives both scores. Every accepted window passed every stage, so their reject
        // levels are equal and the group keeps its largest weight.
        const double groupEps = 0.2;
        std::vector<cv::Rect> byWeight = byCount;
        std::vector<int> neighbors;
        std::vector<int> levels(byCount.size(), 1);
        if (min_neighbors > 0) {
            cv::groupRectangles(byCount, neighbors, min_neighbors, groupEps);
            cv::groupRectangles(byWeight, levels, weights, min_neighbors, groupEps);
        } else {
            neighbors.assign(byCount.size(), 1);
        }
        if (byCount.size() != byWeight.size()) {
            set_error(error, error_size, "OpenCV's two groupings disagree on the number of faces");
            return 1;
        }
        // CascadeClassifier::detectMultiScale's clipObjects: each face cut to the image, empty ones dropped.
        const cv::Rect frame(0, 0, image_width, image_height);
        std::vector<fb_cascade_hit> out;
        for (size_t i = 0; i < byCount.size(); i++) {
            if (byCount[i] != byWeight[i]) {
                set_error(error, error_size, "OpenCV's two groupings disagree on a box");
                return 1;
            }
            cv::Rect box = byCount[i] & frame;
            if (box.empty()) continue;
            out.push_back(fb_cascade_hit{box.x, box.y, box.width, box.height, neighbors[i], weights[i]});
        }
        if (!(*hits = copy_out(out, error, error_size))) return 1;
        *count = static_cast<int>(out.size());
        return 0;
    } catch (const std::exception &e) {
        set_error(error, error_size, e.what());
        return 1;
    }
}

extern "C" void fb_cascade_free(void *array) { std::free(array); }

extern "C" const char *fb_opencv_version(void) { return CV_VERSION; }

extern "C" void fb_opencv_set_threads(int threads) { cv::setNumThreads(threads); }
