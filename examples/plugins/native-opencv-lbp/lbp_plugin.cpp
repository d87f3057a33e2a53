// OpenCV's LBP cascade as a FaceBench native plugin (facebench_plugin.h, ABI 1).
//
//   make examples
//   facebench run --dataset dlib-faces --detector plugin:.build/examples/libfacebench_lbp_plugin.so:scale=1.1
//
// Parameters (all optional): cascade=improved|frontalface|PATH.xml, scale (> 1),
// neighbors (>= 0), min (smallest face side in pixels, 0 = the cascade window).
// The score of a face is OpenCV's level weight (detectMultiScale3).
//
// C++ behind the C ABI: every entry point catches exceptions, since none may cross it.
#include <facebench_plugin.h>

#include <opencv2/core.hpp>
#include <opencv2/core/utility.hpp>
#include <opencv2/objdetect.hpp>

#include <cstdio>
#include <exception>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace {

struct Instance {
    cv::CascadeClassifier classifier;
    std::string cascade = "improved";
    double scale = 1.1;
    int neighbors = 3;
    int minSize = 0;
    // Storage behind what describe and detect hand out.
    std::vector<std::pair<std::string, std::string>> effective;
    std::vector<facebench_parameter> parameters;
    std::vector<facebench_face> faces;
    std::string version = CV_VERSION;
};

void fail(char *error, size_t size, const std::string &message) {
    if (error && size) std::snprintf(error, size, "%s", message.c_str());
}

std::string text(double value) {
    std::ostringstream out;
    out << value;
    return out.str();
}

std::string cascadeFile(const std::string &name) {
    if (name.size() > 4 && name.compare(name.size() - 4, 4, ".xml") == 0) return name;
    return "/usr/share/opencv4/lbpcascades/lbpcascade_" + (name == "improved" ? std::string("frontalface_improved") : name) + ".xml";
}

// Reads one parameter into the instance; false with a message for an unknown key or a bad value.
bool apply(Instance &instance, const std::string &key, const std::string &value, std::string &message) {
    try {
        size_t used = 0;
        if (key == "cascade") {
            instance.cascade = value;
            return true;
        }
        if (key == "scale") {
            instance.scale = std::stod(value, &used);
            if (used == value.size() && instance.scale > 1) return true;
        } else if (key == "neighbors") {
            instance.neighbors = std::stoi(value, &used);
            if (used == value.size() && instance.neighbors >= 0) return true;
        } else if (key == "min") {
            instance.minSize = std::stoi(value, &used);
            if (used == value.size() && instance.minSize >= 0) return true;
        } else {
            message = "unknown parameter '" + key + "'; accepted: cascade, scale, neighbors, min";
            return false;
        }
    } catch (const std::exception &) {
    }
    message = key + "=" + value + " is not accepted (scale > 1; neighbors, min integers >= 0)";
    return false;
}

void *create(const facebench_parameter *parameters, size_t count, char *error, size_t error_size) {
    try {
        auto *instance = new Instance();
        std::string message;
        for (size_t i = 0; i < count; i++) {
            if (!apply(*instance, parameters[i].key, parameters[i].value, message)) {
                delete instance;
                fail(error, error_size, message);
                return nullptr;
            }
        }
        const std::string file = cascadeFile(instance->cascade);
        if (!instance->classifier.load(file)) {
            delete instance;
            fail(error, error_size, "cannot load the LBP cascade " + file + " (install opencv-data)");
            return nullptr;
        }
        instance->effective = {{"cascade", instance->cascade}, {"scale", text(instance->scale)},
                               {"neighbors", std::to_string(instance->neighbors)}, {"min", std::to_string(instance->minSize)}};
        for (const auto &entry : instance->effective) instance->parameters.push_back({entry.first.c_str(), entry.second.c_str()});
        return instance;
    } catch (const std::exception &e) {
        fail(error, error_size, e.what());
        return nullptr;
    }
}

int describe(void *opaque, facebench_description *description, char *, size_t) {
    auto *instance = static_cast<Instance *>(opaque);
    description->name = "opencv-lbp-plugin";
    description->version = instance->version.c_str();
    description->score_meaning = "level weight: sum of the final cascade stage for the best window (detectMultiScale3)";
    description->parameters = instance->parameters.data();
    description->parameter_count = instance->parameters.size();
    return 0;
}

int detect(void *opaque, const uint8_t *pixels, int32_t width, int32_t height, int32_t stride,
           const facebench_face **faces, size_t *face_count, char *error, size_t error_size) {
    auto *instance = static_cast<Instance *>(opaque);
    try {
        const cv::Mat image(height, width, CV_8UC1, const_cast<uint8_t *>(pixels), static_cast<size_t>(stride));
        std::vector<cv::Rect> boxes;
        std::vector<int> levels;
        std::vector<double> weights;
        instance->classifier.detectMultiScale(image, boxes, levels, weights, instance->scale, instance->neighbors, 0,
                                              cv::Size(instance->minSize, instance->minSize), cv::Size(), true);
        instance->faces.clear();
        for (size_t i = 0; i < boxes.size(); i++) {
            instance->faces.push_back({double(boxes[i].x), double(boxes[i].y), double(boxes[i].width),
                                       double(boxes[i].height), weights[i], 0, nullptr});
        }
        *faces = instance->faces.data();
        *face_count = instance->faces.size();
        return 0;
    } catch (const std::exception &e) {
        fail(error, error_size, e.what());
        return 1;
    }
}

void destroy(void *opaque) { delete static_cast<Instance *>(opaque); }

const facebench_plugin_api api = {FACEBENCH_PLUGIN_ABI_VERSION, sizeof(facebench_plugin_api), create, describe, detect, destroy};

}  // namespace

extern "C" __attribute__((visibility("default"))) const facebench_plugin_api *facebench_plugin_entry(void) {
    cv::setNumThreads(1);
    return &api;
}
