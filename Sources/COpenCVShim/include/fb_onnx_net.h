/*
 * fb_onnx_net.h — an ONNX network run by OpenCV's DNN module, for detectors whose pre- and
 * post-processing FaceBench does itself (BlazeFace): one input tensor in, named outputs out.
 *
 *  - fb_onnx_net_load reads the model and checks its outputs are exactly the `output_count`
 *    names given (any order); NULL with the reason, naming the file, in `error` otherwise.
 *  - fb_onnx_net_forward runs one NCHW float tensor (batch 1) and copies output i, in the
 *    order the names were given at load, into outputs[i], which holds output_sizes[i]
 *    floats; an output of another size is an error. Returns 0 on success.
 *  - A handle is not thread-safe: use one per thread. Threads: fb_opencv_set_threads.
 */
#ifndef FB_ONNX_NET_H
#define FB_ONNX_NET_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fb_onnx_net fb_onnx_net;

fb_onnx_net *fb_onnx_net_load(const char *path, const char *const *output_names, int output_count,
                              char *error, size_t error_size);
void fb_onnx_net_destroy(fb_onnx_net *net);
int fb_onnx_net_forward(fb_onnx_net *net, const float *input, int channels, int height, int width,
                        float *const *outputs, const size_t *output_sizes, char *error, size_t error_size);

#ifdef __cplusplus
}
#endif

#endif
