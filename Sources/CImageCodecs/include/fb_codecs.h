/*
 * fb_codecs.h — decode JPEG and PNG files to 8-bit pixels with libjpeg-turbo and libpng, and
 * zlib streams with the system zlib.
 *
 * Contract:
 *  - fb_decode_file fills `out` with interleaved 8-bit pixels, rows packed (stride =
 *    width * channels), channels 1 (gray source) or 3 (RGB, any color source). Palette,
 *    low-bit-depth and 16-bit images are expanded or reduced to 8 bits per channel as
 *    OpenCV's imread does (16-bit: high byte; alpha: dropped).
 *  - Images of more than `max_pixels` pixels (width x height from the header) are refused
 *    before any pixel memory is allocated: a small crafted file can declare 60000x60000.
 *  - JPEGs of more than `max_scans` scans are refused when the next scan starts: each scan
 *    decodes the whole image again, so a small file of repeated scans costs minutes.
 *  - Returns 0 on success. On failure returns non-zero, leaves out->pixels NULL and writes a
 *    NUL-terminated reason (without the path) into `error`.
 *  - A JPEG whose data ends early decodes with grey filler (as OpenCV's imread does); then
 *    out->warning says so (it is empty otherwise).
 *  - The caller releases pixels with fb_image_free. Safe to call from several threads.
 */
#ifndef FB_CODECS_H
#define FB_CODECS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fb_decoded_image {
    int width;
    int height;
    int channels;
    unsigned char *pixels;
    char warning[160];
} fb_decoded_image;

int fb_decode_file(const char *path, double max_pixels, int max_scans, fb_decoded_image *out, char *error, size_t error_size);
void fb_image_free(fb_decoded_image *image);
/*
 * Encoding: 8-bit pixels (channels 1 or 3, rows `stride` bytes apart) to a PNG or JPEG held
 * in memory. On success returns 0 and sets *data (malloc'd, freed with fb_buffer_free) and
 * *size; on failure returns non-zero with a reason in `error`.
 */
int fb_encode_png(const unsigned char *pixels, int width, int height, int channels, int stride,
                  unsigned char **data, size_t *size, char *error, size_t error_size);
int fb_encode_jpeg(const unsigned char *pixels, int width, int height, int channels, int stride, int quality,
                   unsigned char **data, size_t *size, char *error, size_t error_size);
void fb_buffer_free(unsigned char *data);

/*
 * zlib streams (RFC 1950) with the system zlib, for MAT-files' compressed elements.
 * fb_zlib_inflate decodes `in` and sets *out (malloc'd, freed with fb_buffer_free) and *out_size.
 * At most `limit` bytes are produced: with `prefix` non-zero decoding stops there without
 * error (and without checking the checksum); otherwise a stream that would inflate to more
 * returns FB_ZLIB_TOO_LARGE, so a small crafted element never allocates more than `limit`.
 * On failure *out is NULL, `error` holds zlib's reason and *consumed the input offset reached.
 */
enum { FB_ZLIB_OK = 0, FB_ZLIB_DAMAGED = 1, FB_ZLIB_TOO_LARGE = 2, FB_ZLIB_NO_MEMORY = 3 };
int fb_zlib_inflate(const unsigned char *in, size_t in_size, size_t limit, int prefix,
                    unsigned char **out, size_t *out_size, size_t *consumed, char *error, size_t error_size);
const char *fb_zlib_version(void);

/* "libjpeg-turbo 2.1.5, libpng 1.6.39" style description of the codec libraries. */
const char *fb_codecs_version(void);

#ifdef __cplusplus
}
#endif

#endif
