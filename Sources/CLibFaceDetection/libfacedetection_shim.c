#define _GNU_SOURCE /* dladdr, dlinfo */
#include "fb_libfacedetection.h"

#include <dlfcn.h>
#include <link.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* int *facedetect_cnn(unsigned char *result_buffer, unsigned char *bgr, int width, int height, int step) */
#define FACEDETECT_CNN_SYMBOL "_Z14facedetect_cnnPhS_iii"
typedef int *(*facedetect_cnn_fn)(unsigned char *, unsigned char *, int, int, int);
typedef void (*omp_set_num_threads_fn)(int);

/* The 2023 library writes a count (int) and then 16 shorts per face for at most 1024 faces
 * (4 + 1024 * 32 bytes); its header asks for a buffer of 0x9000 bytes. */
enum { RESULT_BUFFER_SIZE = 0x9000, SHORTS_PER_FACE = 16, MAX_FACES = 1024 };
/* Coordinates come back as shorts. */
enum { MAX_SIDE = 32767 };

struct fb_lfd {
    void *runtime;
    void *library;
    facedetect_cnn_fn detect;
    omp_set_num_threads_fn set_threads;
    unsigned char *results;
    unsigned char *bgr;
    size_t bgr_size;
};

static pthread_mutex_t first_call_lock = PTHREAD_MUTEX_INITIALIZER;
static atomic_int thread_cap = 0;

/* Writes the reason into `error`; returns 1, the failure status. */
static int say(char *error, size_t error_size, const char *format, ...) {
    if (!error || error_size == 0) return 1;
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(error, error_size, format, arguments);
    va_end(arguments);
    return 1;
}

static const char *last_dl_error(void) {
    const char *message = dlerror();
    return message ? message : "unknown dynamic loader error";
}

/* Whether `symbol` (found through `handle`) is defined in that file itself: dlsym also
 * searches the file's dependencies, and libfacedetection depends on the OpenMP runtime. */
static int defined_in(void *handle, void *symbol) {
    struct link_map *map = NULL;
    Dl_info info;
    if (dlinfo(handle, RTLD_DI_LINKMAP, &map) != 0 || !map || !dladdr(symbol, &info) || !info.dli_fname) return 0;
    return strcmp(info.dli_fname, map->l_name) == 0;
}

void fb_lfd_set_threads(int count) { atomic_store(&thread_cap, count > 0 ? count : 0); }

void fb_lfd_close(fb_lfd *detector) {
    if (!detector) return;
    free(detector->results);
    free(detector->bgr);
    /* Never dlclose: libgomp's worker threads may still be parked in the runtime, and the
     * loader keeps one copy per process whatever the reference count says. */
    free(detector);
}

/* Fills `detector`: 0, or 1 with the reason in `error`. */
static int load(fb_lfd *detector, const char *runtime_path, const char *library_path, char *error, size_t error_size) {
    detector->runtime = dlopen(runtime_path, RTLD_NOW | RTLD_LOCAL);
    if (!detector->runtime)
        return say(error, error_size, "%s: cannot load it as a shared library (%s)", runtime_path, last_dl_error());
    detector->set_threads = (omp_set_num_threads_fn)dlsym(detector->runtime, "omp_set_num_threads");
    if (!detector->set_threads || !defined_in(detector->runtime, (void *)detector->set_threads))
        return say(error, error_size, "%s: no omp_set_num_threads: not an OpenMP runtime", runtime_path);
    detector->library = dlopen(library_path, RTLD_NOW | RTLD_LOCAL);
    if (!detector->library)
        return say(error, error_size, "%s: cannot load it as a shared library (%s)", library_path, last_dl_error());
    detector->detect = (facedetect_cnn_fn)dlsym(detector->library, FACEDETECT_CNN_SYMBOL);
    if (!detector->detect || !defined_in(detector->library, (void *)detector->detect))
        return say(error, error_size, "%s: exports no facedetect_cnn(unsigned char*, unsigned char*, int, int, int) (%s): not libfacedetection",
                   library_path, FACEDETECT_CNN_SYMBOL);
    enum { SIDE = 64 };
    detector->results = malloc(RESULT_BUFFER_SIZE);
    unsigned char *black = calloc(SIDE * SIDE * 3, 1);
    if (!detector->results || !black) {
        free(black);
        return say(error, error_size, "out of memory");
    }
    /* The library builds its filters on its first call without a lock: make that call here,
     * one thread at a time, so that no detect call ever races it. */
    pthread_mutex_lock(&first_call_lock);
    int *first = detector->detect(detector->results, black, SIDE, SIDE, SIDE * 3);
    pthread_mutex_unlock(&first_call_lock);
    free(black);
    if (!first) return say(error, error_size, "%s: facedetect_cnn returned no result", library_path);
    return 0;
}

fb_lfd *fb_lfd_open(const char *runtime_path, const char *library_path, char *error, size_t error_size) {
    fb_lfd *detector = calloc(1, sizeof *detector);
    if (!detector) {
        say(error, error_size, "out of memory");
        return NULL;
    }
    if (load(detector, runtime_path, library_path, error, error_size)) {
        fb_lfd_close(detector);
        return NULL;
    }
    return detector;
}

/* The image as the library takes it: contiguous BGR rows. */
static int to_bgr(fb_lfd *detector, fb_dnn_image image, char *error, size_t error_size) {
    size_t size = (size_t)image.width * (size_t)image.height * 3;
    if (size > detector->bgr_size) {
        unsigned char *grown = realloc(detector->bgr, size);
        if (!grown) {
            return say(error, error_size, "out of memory for a %dx%d image", image.width, image.height);
        }
        detector->bgr = grown;
        detector->bgr_size = size;
    }
    for (int y = 0; y < image.height; y++) {
        const uint8_t *source = image.pixels + (size_t)y * (size_t)image.stride;
        unsigned char *row = detector->bgr + (size_t)y * (size_t)image.width * 3;
        if (image.channels == 1) {
            for (int x = 0; x < image.width; x++) row[3 * x] = row[3 * x + 1] = row[3 * x + 2] = source[x];
        } else {
            for (int x = 0; x < image.width; x++) {
                row[3 * x] = source[3 * x + 2];
                row[3 * x + 1] = source[3 * x + 1];
                row[3 * x + 2] = source[3 * x];
            }
        }
    }
    return 0;
}

int fb_lfd_detect(fb_lfd *detector, fb_dnn_image image, fb_dnn_face **faces, int *count, char *error, size_t error_size) {
    *faces = NULL;
    *count = 0;
    if (!image.pixels || image.width < 1 || image.height < 1 || (image.channels != 1 && image.channels != 3)
        || image.stride < image.width * image.channels) {
        return say(error, error_size, "invalid image (%dx%d, %d channels, stride %d)", image.width, image.height, image.channels,
                   image.stride);
    }
    if (image.width > MAX_SIDE || image.height > MAX_SIDE) {
        return say(error, error_size, "a %dx%d image: libfacedetection returns coordinates as 16-bit integers, sides up to %d",
                   image.width, image.height, MAX_SIDE);
    }
    if (to_bgr(detector, image, error, error_size)) return 1;
    int cap = atomic_load(&thread_cap);
    if (cap > 0) detector->set_threads(cap);
    int *results = detector->detect(detector->results, detector->bgr, image.width, image.height, image.width * 3);
    if (!results) {
        return say(error, error_size, "facedetect_cnn returned no result");
    }
    int found = results[0];
    if (found < 0 || found > MAX_FACES) {
        return say(error, error_size, "facedetect_cnn reported %d faces (at most %d fit its buffer)", found, MAX_FACES);
    }
    if (found == 0) return 0;
    fb_dnn_face *out = calloc((size_t)found, sizeof *out);
    if (!out) {
        return say(error, error_size, "out of memory for %d faces", found);
    }
    const short *values = (const short *)(results + 1);
    for (int i = 0; i < found; i++) {
        const short *face = values + (size_t)i * SHORTS_PER_FACE;
        out[i].score = face[0];
        out[i].x = face[1];
        out[i].y = face[2];
        out[i].width = face[3];
        out[i].height = face[4];
        out[i].landmark_count = 5;
        for (int k = 0; k < 10; k++) out[i].landmarks[k] = face[5 + k];
    }
    *faces = out;
    *count = found;
    return 0;
}
