// dlib's DNN headers are the slowest to compile of all: this translation unit holds only the
// MMOD face detector, so the HOG shim does not recompile with it.
#include "fb_dlib_mmod.h"

#include <dlib/dnn.h>
#include <dlib/image_transforms.h>

#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
#include <string>
#include <vector>

namespace {
// The network mmod_human_face_detector.dat was trained as (dlib's dnn_mmod_face_detection_ex.cpp).
template <long num_filters, typename SUBNET> using con5d = dlib::con<num_filters, 5, 5, 2, 2, SUBNET>;
template <long num_filters, typename SUBNET> using con5 = dlib::con<num_filters, 5, 5, 1, 1, SUBNET>;
template <typename SUBNET>
using downsampler = dlib::relu<dlib::affine<con5d<32, dlib::relu<dlib::affine<con5d<32, dlib::relu<dlib::affine<con5d<16, SUBNET>>>>>>>>>;
template <typename SUBNET> using rcon5 = dlib::relu<dlib::affine<con5<45, SUBNET>>>;
using net_type = dlib::loss_mmod<
    dlib::con<1, 9, 9, 1, 1, rcon5<rcon5<rcon5<downsampler<dlib::input_rgb_image_pyramid<dlib::pyramid_down<6>>>>>>>>;

void set_error(char *error, size_t size, const std::string &message) {
    if (error && size) std::snprintf(error, size, "%s", message.c_str());
}
}  // namespace

struct fb_mmod {
    net_type net;
    dlib::matrix<dlib::rgb_pixel> image;
};

extern "C" fb_mmod *fb_mmod_create(const char *model_path, char *error, size_t error_size) {
    try {
        auto mmod = std::make_unique<fb_mmod>();
        dlib::deserialize(model_path) >> mmod->net;
        return mmod.release();
    } catch (const std::exception &e) {
        set_error(error, error_size, std::string(model_path) + ": dlib cannot load this MMOD model: " + e.what());
        return nullptr;
    }
}

extern "C" void fb_mmod_destroy(fb_mmod *mmod) { delete mmod; }

extern "C" int fb_mmod_detect(fb_mmod *mmod, const uint8_t *pixels, int width, int height, int stride, int channels,
                              int upsample, fb_mmod_hit **hits, int *count, char *error, size_t error_size) {
    *hits = nullptr;
    *count = 0;
    if (width <= 0 || height <= 0 || (channels != 1 && channels != 3) || stride < width * channels) {
        set_error(error, error_size, "invalid image geometry");
        return 1;
    }
    try {
        auto &image = mmod->image;
        image.set_size(height, width);
        for (int y = 0; y < height; ++y) {
            const uint8_t *row = pixels + static_cast<size_t>(y) * stride;
            for (int x = 0; x < width; ++x) {
                const uint8_t *p = row + x * channels;
                image(y, x) = channels == 1 ? dlib::rgb_pixel(p[0], p[0], p[0]) : dlib::rgb_pixel(p[0], p[1], p[2]);
            }
        }
        dlib::pyramid_down<2> pyramid;
        for (int level = 0; level < upsample; ++level) dlib::pyramid_up(image, pyramid);
        std::vector<dlib::mmod_rect> found = mmod->net(image);
        if (found.empty()) return 0;
        auto *out = static_cast<fb_mmod_hit *>(std::malloc(sizeof(fb_mmod_hit) * found.size()));
        if (!out) {
            set_error(error, error_size, "out of memory");
            return 1;
        }
        for (size_t i = 0; i < found.size(); ++i) {
            dlib::rectangle box = pyramid.rect_down(found[i].rect, upsample);
            out[i] = fb_mmod_hit{static_cast<double>(box.left()), static_cast<double>(box.top()),
                                 static_cast<double>(box.right() - box.left() + 1),
                                 static_cast<double>(box.bottom() - box.top() + 1), found[i].detection_confidence};
        }
        *hits = out;
        *count = static_cast<int>(found.size());
        return 0;
    } catch (const std::exception &e) {
        set_error(error, error_size, e.what());
        return 1;
    }
}

extern "C" void fb_mmod_free_hits(fb_mmod_hit *hits) { std::free(hits); }

extern "C" int fb_blas_set_threads(int threads) {
    // Looked up at run time: the BLAS behind libblas.so.3 is chosen by Debian's alternatives
    // (reference BLAS has no threads; OpenBLAS has a pool of its own).
    using setter = void (*)(int);
    auto set = reinterpret_cast<setter>(dlsym(RTLD_DEFAULT, "openblas_set_num_threads"));
    if (!set) return 0;
    set(threads);
    return 1;
}
