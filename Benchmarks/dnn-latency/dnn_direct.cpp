// The CNN detectors called directly from C++, with no FaceBench in between, to set beside
// FaceBench's own latency for the same images (Benchmarks/dnn-latency.sh):
//   yunet  OpenCV's cv::FaceDetectorYN on the imread (BGR) image, as an OpenCV user calls it;
//   mtcnn  the shim's pipeline (fb_mtcnn.h) on the imread image converted to RGB;
//   blazeface-short, blazeface-full  cv::dnn readNetFromONNX with the letterbox made by OpenCV
//          (copyMakeBorder, resize INTER_AREA, blobFromImage to [-1, 1] RGB) and the logits
//          thresholded, as an OpenCV user would write it;
//   mmod   the dlib shim's MMOD detector (fb_dlib_mmod.h) on the imread image in RGB.
// Usage: dnn-direct yunet|mtcnn|blazeface-short|blazeface-full|mmod MODEL[,MODEL,MODEL] WARMUP REPETITIONS IMAGE…
// Prints one line: the median of every timed call in milliseconds, and the number of calls.
#include "fb_dlib_mmod.h"
#include "fb_mtcnn.h"

#include <opencv2/core.hpp>
#include <opencv2/dnn.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/objdetect.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

static double milliseconds(const std::function<void()> &call) {
    auto start = std::chrono::steady_clock::now();
    call();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

int main(int argc, char **argv) {
    if (argc < 6) {
        std::fprintf(stderr, "usage: %s yunet|mtcnn|blazeface-short|blazeface-full|mmod MODEL[,MODEL,MODEL] WARMUP REPETITIONS IMAGE...\n",
                     argv[0]);
        return 64;
    }
    const std::string kind = argv[1];
    std::vector<std::string> models;
    std::stringstream list(argv[2]);
    for (std::string item; std::getline(list, item, ',');) models.push_back(item);
    const int warmup = std::atoi(argv[3]), repetitions = std::atoi(argv[4]);
    cv::setNumThreads(1);
    fb_blas_set_threads(1);

    std::function<void(const cv::Mat &)> detect;
    cv::Ptr<cv::FaceDetectorYN> yunet;
    fb_mtcnn *mtcnn = nullptr;
    cv::dnn::Net blazeface;
    fb_mmod *mmod = nullptr;
    if (kind == "yunet") {
        yunet = cv::FaceDetectorYN::create(models.at(0), "", cv::Size(320, 320), 0.6f, 0.3f, 5000);
        detect = [&](const cv::Mat &bgr) {
            cv::Mat faces;
            yunet->setInputSize(bgr.size());
            yunet->detect(bgr, faces);
        };
    } else if (kind == "mtcnn" && models.size() == 3) {
        char error[1024] = {0};
        mtcnn = fb_mtcnn_create(models[0].c_str(), models[1].c_str(), models[2].c_str(), fb_mtcnn_params{20, 0.709, {0.6, 0.7, 0.7}},
                                error, sizeof error);
        if (!mtcnn) {
            std::fprintf(stderr, "%s\n", error);
            return 1;
        }
        detect = [&](const cv::Mat &rgb) {
            fb_dnn_face *faces = nullptr;
            int count = 0;
            char message[256];
            fb_dnn_image image{rgb.data, rgb.cols, rgb.rows, static_cast<int>(rgb.step), 3};
            if (fb_mtcnn_detect(mtcnn, image, &faces, &count, message, sizeof message) != 0) std::fprintf(stderr, "%s\n", message);
            fb_dnn_free_faces(faces);
        };
    } else if (kind == "blazeface-short" || kind == "blazeface-full") {
        const int side = kind == "blazeface-short" ? 128 : 192;
        blazeface = cv::dnn::readNetFromONNX(models.at(0));
        detect = [&, side](const cv::Mat &rgb) {
            const int square = std::max(rgb.cols, rgb.rows);
            const int left = (square - rgb.cols) / 2, top = (square - rgb.rows) / 2;
            cv::Mat padded, resized;
            cv::copyMakeBorder(rgb, padded, top, square - rgb.rows - top, left, square - rgb.cols - left, cv::BORDER_CONSTANT);
            cv::resize(padded, resized, cv::Size(side, side), 0, 0, cv::INTER_AREA);
            blazeface.setInput(cv::dnn::blobFromImage(resized, 2.0 / 255.0, cv::Size(), cv::Scalar(127.5, 127.5, 127.5)));
            std::vector<cv::Mat> outputs;
            blazeface.forward(outputs, blazeface.getUnconnectedOutLayersNames());
            for (const cv::Mat &output : outputs) {
                int kept = 0;
                for (size_t k = 0; k < output.total(); k++) kept += output.ptr<float>()[k] > 0;
                (void)kept;
            }
        };
    } else if (kind == "mmod") {
        char error[1024] = {0};
        mmod = fb_mmod_create(models.at(0).c_str(), error, sizeof error);
        if (!mmod) {
            std::fprintf(stderr, "%s\n", error);
            return 1;
        }
        detect = [&](const cv::Mat &rgb) {
            fb_mmod_hit *hits = nullptr;
            int count = 0;
            char message[256];
            if (fb_mmod_detect(mmod, rgb.data, rgb.cols, rgb.rows, static_cast<int>(rgb.step), 3, 0, &hits, &count, message,
                               sizeof message) != 0) {
                std::fprintf(stderr, "%s\n", message);
            }
            fb_mmod_free_hits(hits);
        };
    } else {
        std::fprintf(stderr, "unknown detector %s (or mtcnn without three models)\n", kind.c_str());
        return 64;
    }

    std::vector<double> samples;
    bool warmedUp = false;
    for (int i = 5; i < argc; i++) {
        cv::Mat image = cv::imread(argv[i], cv::IMREAD_COLOR);
        if (image.empty()) {
            std::fprintf(stderr, "%s: cannot read\n", argv[i]);
            return 1;
        }
        if (kind != "yunet") cv::cvtColor(image, image, cv::COLOR_BGR2RGB);
        // As FaceBench does: WARMUP untimed calls on the first image only, so a network's
        // reshaping to each new image size is inside the timed calls on both sides.
        try {
            if (!warmedUp)
                for (int w = 0; w < warmup; w++) detect(image);
            warmedUp = true;
            if (repetitions > 0) samples.push_back(milliseconds([&] { detect(image); }));
        } catch (const cv::Exception &) {
            // An image the library cannot run (YuNet in OpenCV 4.6 at 60x75): FaceBench
            // records it as failed and keeps no timing of it either.
            continue;
        }
        for (int r = 1; r < repetitions; r++) samples.push_back(milliseconds([&] { detect(image); }));
    }
    std::sort(samples.begin(), samples.end());
    const size_t n = samples.size();
    const double median = n % 2 ? samples[n / 2] : (samples[n / 2 - 1] + samples[n / 2]) / 2;
    std::printf("%.4f %zu\n", median, n);
    fb_mtcnn_destroy(mtcnn);
    fb_mmod_destroy(mmod);
    return 0;
}
