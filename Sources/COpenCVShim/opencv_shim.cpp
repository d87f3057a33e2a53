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

extern "C" int fb_cascade_detect(fb_cascade *cascade, const uint8_t *pixels, int width, int height, int stride,
                                 fb_cascade_params params, fb_cascade_hit **hits, int *count,
                                 char *error, size_t error_size) {
    *hits = nullptr;
    *count = 0;
    try {
        cv::Mat image(height, width, CV_8UC1, const_cast<uint8_t *>(pixels), static_cast<size_t>(stride));
        cv::Size minSize(params.min_width, params.min_height);
        cv::Size maxSize(params.max_width, params.max_height);
        // Ungrouped hits (minNeighbors 0) with their stage data, then the two public grouping
        // functions detectMultiScale2 and detectMultiScale3 use internally, each on a copy:
        // one scan yields both scores, and the boxes are those detectMultiScale returns.
        std::vector<cv::Rect> raw;
        std::vector<int> rawLevels;
        std::vector<double> rawWeights;
        cascade->classifier.detectMultiScale(image, raw, rawLevels, rawWeights, params.scale_factor, 0, 0,
                                             minSize, maxSize, true);
        const double groupEps = 0.2;
        std::vector<cv::Rect> byCount = raw;
        std::vector<int> neighbors;
        std::vector<cv::Rect> byWeight = raw;
        if (params.min_neighbors > 0) {
            cv::groupRectangles(byCount, neighbors, params.min_neighbors, groupEps);
            cv::groupRectangles(byWeight, rawLevels, rawWeights, params.min_neighbors, groupEps);
        } else {
            neighbors.assign(raw.size(), 1);
        }
        if (byCount.size() != byWeight.size()) {
            set_error(error, error_size, "OpenCV's two groupings disagree on the number of faces");
            return 1;
        }
        if (byCount.empty()) return 0;
        auto *out = static_cast<fb_cascade_hit *>(std::malloc(sizeof(fb_cascade_hit) * byCount.size()));
        if (!out) {
            set_error(error, error_size, "out of memory");
            return 1;
        }
        for (size_t i = 0; i < byCount.size(); i++) {
            if (byCount[i] != byWeight[i]) {
                std::free(out);
                set_error(error, error_size, "OpenCV's two groupings disagree on a box");
                return 1;
            }
            out[i] = fb_cascade_hit{byCount[i].x, byCount[i].y, byCount[i].width, byCount[i].height,
                                    neighbors[i], rawWeights[i]};
        }
        *hits = out;
        *count = static_cast<int>(byCount.size());
        return 0;
    } catch (const std::exception &e) {
        set_error(error, error_size, e.what());
        return 1;
    }
}

extern "C" void fb_cascade_free_hits(fb_cascade_hit *hits) { std::free(hits); }

extern "C" const char *fb_opencv_version(void) { return CV_VERSION; }

extern "C" void fb_opencv_set_threads(int threads) { cv::setNumThreads(threads); }
