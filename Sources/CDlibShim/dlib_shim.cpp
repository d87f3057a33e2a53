// The only translation unit that includes dlib: its headers cost seconds to compile.
#include "fb_dlib.h"

#include <dlib/image_processing.h>
#include <dlib/image_processing/frontal_face_detector.h>
#include <dlib/image_transforms.h>
#include <dlib/revision.h>

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
#include <vector>

struct fb_hog {
    dlib::frontal_face_detector detector;
    std::unique_ptr<dlib::shape_predictor> predictor;
    dlib::array2d<unsigned char> image;
};

static void set_error(char *error, size_t size, const char *message) {
    if (error && size) std::snprintf(error, size, "%s", message);
}

extern "C" fb_hog *fb_hog_create(const char *shape_predictor_path, char *error, size_t error_size) {
    try {
        auto hog = std::make_unique<fb_hog>();
        hog->detector = dlib::get_frontal_face_detector();
        if (shape_predictor_path) {
            hog->predictor = std::make_unique<dlib::shape_predictor>();
            dlib::deserialize(shape_predictor_path) >> *hog->predictor;
        }
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
        image.set_size(height, width);
        for (int y = 0; y < height; y++) {
            const uint8_t *row = pixels + static_cast<size_t>(y) * stride;
            for (int x = 0; x < width; x++) image[y][x] = row[x];
        }
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
            if (hog->predictor) {
                dlib::full_object_detection shape = (*hog->predictor)(image, found[i].rect);
                out[i].landmark_count = static_cast<int>(shape.num_parts());
                for (unsigned long p = 0; p < shape.num_parts() && p < 68; p++) {
                    // The same map rect_down applies to the box corners.
                    dlib::dpoint point = pyramid.point_down(dlib::dpoint(shape.part(p)), upsample);
                    out[i].landmarks[2 * p] = point.x();
                    out[i].landmarks[2 * p + 1] = point.y();
                }
            }
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
