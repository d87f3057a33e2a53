// dlib's CNN face detector as dlib's own example and Python binding run it, outside FaceBench,
// to check the `mmod` backend: the network of dnn_mmod_face_detection_ex.cpp, the image read
// by dlib's load_image (colour, gray replicated), `upsample` pyramid_up doublings as
// cnn_face_detection_model_v1 does, boxes mapped back with rect_down.
//
// Build: make .build/tools/mmod-reference
// Usage: mmod-reference MODEL.dat UPSAMPLE IMAGE...
//   prints one line per face: IMAGE left top right bottom confidence
#include <dlib/dnn.h>
#include <dlib/image_io.h>

#include <cstdio>
#include <cstdlib>

using namespace dlib;

template <long num_filters, typename SUBNET> using con5d = con<num_filters, 5, 5, 2, 2, SUBNET>;
template <long num_filters, typename SUBNET> using con5 = con<num_filters, 5, 5, 1, 1, SUBNET>;
template <typename SUBNET>
using downsampler = relu<affine<con5d<32, relu<affine<con5d<32, relu<affine<con5d<16, SUBNET>>>>>>>>>;
template <typename SUBNET> using rcon5 = relu<affine<con5<45, SUBNET>>>;
using net_type = loss_mmod<con<1, 9, 9, 1, 1, rcon5<rcon5<rcon5<downsampler<input_rgb_image_pyramid<pyramid_down<6>>>>>>>>;

int main(int argc, char **argv) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: %s MODEL.dat UPSAMPLE IMAGE...\n", argv[0]);
        return 64;
    }
    net_type net;
    deserialize(argv[1]) >> net;
    const int upsample = std::atoi(argv[2]);
    for (int i = 3; i < argc; ++i) {
        matrix<rgb_pixel> image;
        load_image(image, argv[i]);
        pyramid_down<2> pyramid;
        for (int level = 0; level < upsample; ++level) pyramid_up(image, pyramid);
        for (const auto &face : net(image)) {
            rectangle box = pyramid.rect_down(face.rect, upsample);
            std::printf("%s %ld %ld %ld %ld %.9g\n", argv[i], box.left(), box.top(), box.right(), box.bottom(),
                        face.detection_confidence);
        }
    }
    return 0;
}
