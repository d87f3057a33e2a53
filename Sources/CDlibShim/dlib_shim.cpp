// The only translation unit that includes dlib: its headers cost seconds to compile.
#include "fb_dlib.h"

#include <dlib/image_processing.h>
#include <dlib/image_processing/frontal_face_detector.h>
#include <dlib/image_transforms.h>
#include <dlib/revision.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <cstdlib>
#include <exception>
#include <memory>
#include <vector>

struct fb_hog {
    dlib::frontal_face_detector detector;
    dlib::array2d<unsigned char> image;
};

struct fb_shape {
    dlib::shape_predictor predictor;
    dlib::array2d<unsigned char> image;
};

static void copy_gray(dlib::array2d<unsigned char> &image, const uint8_t *pixels, int width, int height, int stride) {
    image.set_size(height, width);
    for (int y = 0; y < height; y++) {
        const uint8_t *row = pixels + static_cast<size_t>(y) * stride;
        for (int x = 0; x < width; x++) image[y][x] = row[x];
    }
}

static void set_error(char *error, size_t size, const char *message) {
    if (error && size) std::snprintf(error, size, "%s", message);
}

extern "C" fb_hog *fb_hog_create(char *error, size_t error_size) {
    try {
        auto hog = std::make_unique<fb_hog>();
        hog->detector = dlib::get_frontal_face_detector();
        return hog.release();
    } catch (const std::exception &e) {
        set_error(error, error_size, e.what());
        return nullptr;
    }
}

extern "C" void fb_hog_destroy(fb_hog *hog) { delete hog; }

extern "C" int fb_hog_detect(fb_hog *hog, const uint8_t *pixels, int width, int height, int stride, int upsample,
                             double adjust_threshold, fb_hog_hit **hits, int *count, char *error,
                             size_t error_size) {
    *hits = nullptr;
    *count = 0;
    try {
        dlib::array2d<unsigned char> &image = hog->image;
        copy_gray(image, pixels, width, height, stride);
        dlib::pyramid_down<2> pyramid;
        for (int i = 0; i < upsample; i++) dlib::pyramid_up(image, pyramid);
        std::vector<dlib::rect_detection> found;
        hog->detector(image, found, adjust_threshold);
        if (found.empty()) return 0;
        auto *out = static_cast<fb_hog_hit *>(std::calloc(found.size(), sizeof(fb_hog_hit)));
        if (!out) {
            set_error(error, error_size, "out of memory");
            return 1;
        }
        for (size_t i = 0; i < found.size(); i++) {
            // As dlib's Python binding: map the box down and round it to whole pixels.
            dlib::rectangle rect = found[i].rect;
            if (upsample > 0) rect = pyramid.rect_down(dlib::drectangle(found[i].rect), upsample);
            out[i].x = rect.left();
            out[i].y = rect.top();
            out[i].width = rect.width();
            out[i].height = rect.height();
            out[i].score = found[i].detection_confidence;
            out[i].detector_index = static_cast<int>(found[i].weight_index);
        }
        *hits = out;
        *count = static_cast<int>(found.size());
        return 0;
    } catch (const std::exception &e) {
        set_error(error, error_size, e.what());
        return 1;
    }
}

extern "C" void fb_hog_free_hits(fb_hog_hit *hits) { std::free(hits); }

extern "C" const char *fb_dlib_version(void) {
    static char text[32];
    std::snprintf(text, sizeof text, "%d.%d.%d", DLIB_MAJOR_VERSION, DLIB_MINOR_VERSION, DLIB_PATCH_VERSION);
    return text;
}

extern "C" fb_shape *fb_shape_create(const char *model_path, char *error, size_t error_size) {
    try {
        auto shape = std::make_unique<fb_shape>();
        dlib::deserialize(model_path) >> shape->predictor;
        return shape.release();
    } catch (const std::exception &e) {
        set_error(error, error_size, (std::string(model_path) + ": " + e.what()).c_str());
        return nullptr;
    }
}

extern "C" void fb_shape_destroy(fb_shape *shape) { delete shape; }

extern "C" int fb_shape_points(const fb_shape *shape) { return static_cast<int>(shape->predictor.num_parts()); }

extern "C" int fb_shape_predict(fb_shape *shape, const uint8_t *pixels, int width, int height, int stride,
                                const double *boxes, int count, int points_per_box, double *points, char *error,
                                size_t error_size) {
    try {
        if (static_cast<unsigned long>(points_per_box) != shape->predictor.num_parts()) {
            set_error(error, error_size, "the shape predictor has another number of points");
            return 1;
        }
        if (count == 0) return 0;
        copy_gray(shape->image, pixels, width, height, stride);
        for (int i = 0; i < count; i++) {
            const double *box = boxes + 4 * i;
            // dlib's rectangles are inclusive integer ones, as its detectors return them.
            long left = std::lround(box[0]), top = std::lround(box[1]);
            dlib::rectangle rect(left, top, left + std::lround(box[2]) - 1, top + std::lround(box[3]) - 1);
            dlib::full_object_detection found = shape->predictor(shape->image, rect);
            for (int p = 0; p < points_per_box; p++) {
                points[2 * (i * points_per_box + p)] = found.part(p).x();
                points[2 * (i * points_per_box + p) + 1] = found.part(p).y();
            }
        }
        return 0;
    } catch (const std::exception &e) {
        set_error(error, error_size, e.what());
        return 1;
    }
}
