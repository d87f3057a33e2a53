#include "fb_dnn.h"

#include <cstdlib>

extern "C" void fb_dnn_free_faces(fb_dnn_face *faces) { std::free(faces); }
