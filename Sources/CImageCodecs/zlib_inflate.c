#include "fb_codecs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static void set_reason(char *error, size_t size, const char *message) {
    if (error && size) snprintf(error, size, "%s", message);
}

int fb_zlib_inflate(const unsigned char *in, size_t in_size, size_t limit, int prefix,
                    unsigned char **out, size_t *out_size, size_t *consumed, char *error, size_t error_size) {
    *out = NULL;
    *out_size = 0;
    *consumed = 0;
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (inflateInit(&stream) != Z_OK) {
        set_reason(error, error_size, "zlib could not start");
        return FB_ZLIB_NO_MEMORY;
    }
    /* Grow the output as the stream needs it, up to one byte past the limit (which tells a
       stream of exactly `limit` bytes from a longer one). */
    size_t capacity = in_size * 4 + 64;
    if (capacity > limit + 1) capacity = limit + 1;
    unsigned char *buffer = malloc(capacity ? capacity : 1);
    if (!buffer) {
        inflateEnd(&stream);
        set_reason(error, error_size, "out of memory");
        return FB_ZLIB_NO_MEMORY;
    }
    size_t produced = 0;
    const unsigned char *next_in = in;
    size_t left_in = in_size;
    int status = Z_OK;
    while (status != Z_STREAM_END) {
        if (produced == capacity) {
            if (capacity > limit) break;
            size_t grown = capacity * 2 > limit + 1 ? limit + 1 : capacity * 2;
            unsigned char *bigger = realloc(buffer, grown);
            if (!bigger) {
                free(buffer);
                inflateEnd(&stream);
                set_reason(error, error_size, "out of memory");
                return FB_ZLIB_NO_MEMORY;
            }
            buffer = bigger;
            capacity = grown;
        }
        /* zlib counts in uInt: feed and drain at most 1 GB per call. */
        uInt in_chunk = left_in > (1u << 30) ? (1u << 30) : (uInt)left_in;
        size_t room = capacity - produced;
        uInt out_chunk = room > (1u << 30) ? (1u << 30) : (uInt)room;
        stream.next_in = (Bytef *)next_in;
        stream.avail_in = in_chunk;
        stream.next_out = buffer + produced;
        stream.avail_out = out_chunk;
        status = inflate(&stream, Z_NO_FLUSH);
        next_in += in_chunk - stream.avail_in;
        left_in -= in_chunk - stream.avail_in;
        produced += out_chunk - stream.avail_out;
        if (prefix && produced >= limit) break;
        if (status == Z_BUF_ERROR && left_in == 0 && stream.avail_out > 0) {
            *consumed = in_size;
            free(buffer);
            inflateEnd(&stream);
            set_reason(error, error_size, "the stream ends early");
            return FB_ZLIB_DAMAGED;
        }
        if (status != Z_OK && status != Z_STREAM_END && status != Z_BUF_ERROR) {
            *consumed = (size_t)(next_in - in);
            set_reason(error, error_size, stream.msg ? stream.msg : "damaged stream");
            free(buffer);
            inflateEnd(&stream);
            return FB_ZLIB_DAMAGED;
        }
    }
    inflateEnd(&stream);
    *consumed = (size_t)(next_in - in);
    if (!prefix && produced > limit) {
        free(buffer);
        return FB_ZLIB_TOO_LARGE;
    }
    *out = buffer;
    *out_size = produced > limit ? limit : produced;
    return FB_ZLIB_OK;
}

const char *fb_zlib_version(void) { return zlibVersion(); }
