#include "fb_codecs.h"

#include <stdio.h> /* before jpeglib.h, which uses FILE without including it */

#include <jpeglib.h>
#include <jerror.h> /* JWRN_JPEG_EOF */
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

static void set_error(char *error, size_t size, const char *message) {
    if (error && size) snprintf(error, size, "%s", message);
}

/* libjpeg reports fatal errors through error_exit, which must not return. */
typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf escape;
    char message[JMSG_LENGTH_MAX];
    /* Where a decoder's warning goes (NULL: warnings are dropped, as when encoding). */
    char *warning;
    size_t warning_size;
} jpeg_failure;

static void jpeg_exit(j_common_ptr info) {
    jpeg_failure *failure = (jpeg_failure *)info->err;
    info->err->format_message(info, failure->message);
    longjmp(failure->escape, 1);
}

static void jpeg_quiet(j_common_ptr info, int level) {
    jpeg_failure *failure = (jpeg_failure *)info->err;
    /* Only the data running out is worth a warning: the rest of the image is grey filler.
       Other libjpeg warnings (extraneous bytes before a marker) are common and harmless. */
    if (level == -1 && info->err->msg_code == JWRN_JPEG_EOF && failure->warning && !failure->warning[0]) {
        snprintf(failure->warning, failure->warning_size,
                 "truncated JPEG: the data ends early and the rest was decoded as grey (libjpeg: Premature end of JPEG file)");
    }
}

static int too_many_pixels(double width, double height, double max_pixels, char *error, size_t error_size) {
    if (width * height <= max_pixels) return 0;
    if (error && error_size)
        snprintf(error, error_size, "%.0fx%.0f is %.1f megapixels, more than the cap of %.1f (--max-megapixels)", width, height,
                 width * height / 1e6, max_pixels / 1e6);
    return 1;
}

/* libjpeg's stdio source skips a segment by refilling until the length is covered, and past the
   end of the file each refill is one more read returning nothing and a 2-byte fake end-of-image
   marker: a 4-byte file claiming a 64 KB segment cost 32,000 reads. Here a skip that reaches the
   end leaves one fake marker to be read next, where the stdio skip would also end. */
static void skip_within_file(j_decompress_ptr info, long num_bytes) {
    struct jpeg_source_mgr *source = info->src;
    FILE *file = info->client_data;
    if (num_bytes <= 0) return;
    while (num_bytes > (long)source->bytes_in_buffer) {
        int at_end = feof(file);
        num_bytes -= (long)source->bytes_in_buffer;
        source->bytes_in_buffer = 0;
        (void)source->fill_input_buffer(info);
        if (at_end) return;
    }
    source->next_input_byte += num_bytes;
    source->bytes_in_buffer -= (size_t)num_bytes;
}

/* Each scan of a progressive JPEG walks every block of the image, and a repeated scan is only a
   warning to libjpeg: 10,000 copies of a 31-byte scan (a 370 KB file of 16 megapixels) took two
   minutes to decode. Real files have 6 to 12 scans. */
typedef struct {
    struct jpeg_progress_mgr base;
    int max_scans;
} scan_limit;

static void check_scan_count(j_common_ptr common) {
    j_decompress_ptr info = (j_decompress_ptr)common;
    scan_limit *limit = (scan_limit *)common->progress;
    if (info->input_scan_number <= limit->max_scans) return;
    jpeg_failure *failure = (jpeg_failure *)common->err;
    snprintf(failure->message, sizeof failure->message, "more than %d scans (progressive JPEGs have about 10; each scan decodes the whole image again)",
             limit->max_scans);
    longjmp(failure->escape, 1);
}

static int decode_jpeg(FILE *file, double max_pixels, int max_scans, fb_decoded_image *out, char *error, size_t error_size) {
    struct jpeg_decompress_struct info;
    jpeg_failure failure;
    scan_limit limit = {.base = {.progress_monitor = check_scan_count}, .max_scans = max_scans};
    unsigned char *volatile pixels = NULL;
    info.err = jpeg_std_error(&failure.base);
    failure.base.error_exit = jpeg_exit;
    failure.base.emit_message = jpeg_quiet;
    failure.message[0] = 0;
    failure.warning = out->warning;
    failure.warning_size = sizeof out->warning;
    if (setjmp(failure.escape)) {
        free(pixels);
        jpeg_destroy_decompress(&info);
        set_error(error, error_size, failure.message[0] ? failure.message : "corrupt JPEG data");
        return 1;
    }
    jpeg_create_decompress(&info);
    info.progress = &limit.base;
    jpeg_stdio_src(&info, file);
    info.client_data = file;
    info.src->skip_input_data = skip_within_file;
    jpeg_read_header(&info, TRUE);
    if (too_many_pixels(info.image_width, info.image_height, max_pixels, error, error_size)) {
        jpeg_destroy_decompress(&info);
        return 1;
    }
    if (info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK) {
        jpeg_destroy_decompress(&info);
        set_error(error, error_size, "CMYK JPEG images are not supported");
        return 1;
    }
    info.out_color_space = info.num_components == 1 ? JCS_GRAYSCALE : JCS_RGB;
    jpeg_start_decompress(&info);
    int channels = info.output_components;
    size_t stride = (size_t)info.output_width * (size_t)channels;
    pixels = malloc(stride * info.output_height);
    if (!pixels) {
        jpeg_destroy_decompress(&info);
        set_error(error, error_size, "out of memory");
        return 1;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = pixels + stride * info.output_scanline;
        jpeg_read_scanlines(&info, &row, 1);
    }
    jpeg_finish_decompress(&info);
    out->width = (int)info.output_width;
    out->height = (int)info.output_height;
    out->channels = channels;
    out->pixels = pixels;
    jpeg_destroy_decompress(&info);
    return 0;
}

typedef struct {
    jmp_buf escape;
    char message[256];
} png_failure;

static void png_fail(png_structp png, png_const_charp message) {
    png_failure *failure = (png_failure *)png_get_error_ptr(png);
    snprintf(failure->message, sizeof failure->message, "%s", message);
    longjmp(failure->escape, 1);
}

static void png_quiet(png_structp png, png_const_charp message) { (void)png; (void)message; }

static int decode_png(FILE *file, double max_pixels, fb_decoded_image *out, char *error, size_t error_size) {
    png_failure failure;
    failure.message[0] = 0;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &failure, png_fail, png_quiet);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    unsigned char *volatile pixels = NULL;
    png_bytep *volatile rows = NULL;
    if (!png || !info) {
        png_destroy_read_struct(&png, NULL, NULL);
        set_error(error, error_size, "out of memory");
        return 1;
    }
    if (setjmp(failure.escape)) {
        free(pixels);
        free(rows);
        png_destroy_read_struct(&png, &info, NULL);
        if (strcmp(failure.message, "Read Error") == 0)
            set_error(error, error_size, "the file ends inside the PNG data (truncated; libpng: Read Error)");
        else if (failure.message[0] == 0 || strcmp(failure.message, "too many pixels") != 0)
            set_error(error, error_size, failure.message[0] ? failure.message : "corrupt PNG data");
        return 1;
    }
    png_init_io(png, file);
    png_read_info(png, info);
    if (too_many_pixels(png_get_image_width(png, info), png_get_image_height(png, info), max_pixels, error, error_size))
        png_error(png, "too many pixels");
    png_byte color = png_get_color_type(png, info);
    png_byte depth = png_get_bit_depth(png, info);
    if (depth == 16) png_set_strip_16(png);
    if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    png_set_strip_alpha(png);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    int channels = png_get_channels(png, info);
    int width = (int)png_get_image_width(png, info);
    int height = (int)png_get_image_height(png, info);
    size_t stride = png_get_rowbytes(png, info);
    pixels = malloc(stride * (size_t)height);
    rows = malloc(sizeof(png_bytep) * (size_t)height);
    if (!pixels || !rows) png_error(png, "out of memory");
    for (int y = 0; y < height; y++) rows[y] = pixels + stride * (size_t)y;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    free(rows);
    png_destroy_read_struct(&png, &info, NULL);
    out->width = width;
    out->height = height;
    out->channels = channels;
    out->pixels = pixels;
    return 0;
}

int fb_decode_file(const char *path, double max_pixels, int max_scans, fb_decoded_image *out, char *error, size_t error_size) {
    memset(out, 0, sizeof *out);
    FILE *file = fopen(path, "rb");
    if (!file) {
        set_error(error, error_size, "cannot open file");
        return 1;
    }
    unsigned char magic[8] = {0};
    size_t got = fread(magic, 1, sizeof magic, file);
    rewind(file);
    int status;
    if (got >= 3 && magic[0] == 0xFF && magic[1] == 0xD8 && magic[2] == 0xFF) {
        status = decode_jpeg(file, max_pixels, max_scans, out, error, error_size);
    } else if (got == 8 && png_sig_cmp(magic, 0, 8) == 0) {
        status = decode_png(file, max_pixels, out, error, error_size);
    } else {
        set_error(error, error_size, got == 0 ? "the file is empty (0 bytes)" : "not a JPEG or PNG image");
        status = 1;
    }
    fclose(file);
    return status;
}

void fb_image_free(fb_decoded_image *image) {
    free(image->pixels);
    image->pixels = NULL;
}

typedef struct {
    unsigned char *data;
    size_t size;
    size_t capacity;
    int failed;
} png_memory;

static void png_write_memory(png_structp png, png_bytep bytes, png_size_t length) {
    png_memory *memory = (png_memory *)png_get_io_ptr(png);
    if (memory->failed) return;
    if (memory->size + length > memory->capacity) {
        size_t capacity = memory->capacity ? memory->capacity * 2 : 65536;
        while (capacity < memory->size + length) capacity *= 2;
        unsigned char *grown = realloc(memory->data, capacity);
        if (!grown) {
            memory->failed = 1;
            return;
        }
        memory->data = grown;
        memory->capacity = capacity;
    }
    memcpy(memory->data + memory->size, bytes, length);
    memory->size += length;
}

static void png_flush_nothing(png_structp png) { (void)png; }

int fb_encode_png(const unsigned char *pixels, int width, int height, int channels, int stride,
                  unsigned char **data, size_t *size, char *error, size_t error_size) {
    *data = NULL;
    *size = 0;
    if (channels != 1 && channels != 3) {
        set_error(error, error_size, "PNG encoding takes 1 or 3 channels");
        return 1;
    }
    png_failure failure;
    failure.message[0] = 0;
    png_memory memory = {0};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &failure, png_fail, png_quiet);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        png_destroy_write_struct(&png, NULL);
        set_error(error, error_size, "out of memory");
        return 1;
    }
    if (setjmp(failure.escape)) {
        png_destroy_write_struct(&png, &info);
        free(memory.data);
        set_error(error, error_size, failure.message[0] ? failure.message : "PNG encoding failed");
        return 1;
    }
    png_set_write_fn(png, &memory, png_write_memory, png_flush_nothing);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8,
                 channels == 1 ? PNG_COLOR_TYPE_GRAY : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (int y = 0; y < height; y++) png_write_row(png, (png_const_bytep)(pixels + (size_t)y * (size_t)stride));
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    if (memory.failed) {
        free(memory.data);
        set_error(error, error_size, "out of memory");
        return 1;
    }
    *data = memory.data;
    *size = memory.size;
    return 0;
}

int fb_encode_jpeg(const unsigned char *pixels, int width, int height, int channels, int stride, int quality,
                   unsigned char **data, size_t *size, char *error, size_t error_size) {
    struct jpeg_compress_struct info;
    jpeg_failure failure;
    unsigned char *buffer = NULL;
    unsigned long length = 0;
    *data = NULL;
    *size = 0;
    if (channels != 1 && channels != 3) {
        set_error(error, error_size, "JPEG encoding takes 1 or 3 channels");
        return 1;
    }
    info.err = jpeg_std_error(&failure.base);
    failure.base.error_exit = jpeg_exit;
    failure.base.emit_message = jpeg_quiet;
    failure.message[0] = 0;
    failure.warning = NULL;
    if (setjmp(failure.escape)) {
        jpeg_destroy_compress(&info);
        free(buffer);
        set_error(error, error_size, failure.message[0] ? failure.message : "JPEG encoding failed");
        return 1;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, &buffer, &length);
    info.image_width = (JDIMENSION)width;
    info.image_height = (JDIMENSION)height;
    info.input_components = channels;
    info.in_color_space = channels == 1 ? JCS_GRAYSCALE : JCS_RGB;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    jpeg_start_compress(&info, TRUE);
    while (info.next_scanline < info.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)info.next_scanline * (size_t)stride);
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    *data = buffer;
    *size = length;
    return 0;
}

void fb_buffer_free(unsigned char *data) { free(data); }

const char *fb_codecs_version(void) {
    static char text[96];
    if (!text[0]) {
#ifdef LIBJPEG_TURBO_VERSION
#define FB_STR2(x) #x
#define FB_STR(x) FB_STR2(x)
        snprintf(text, sizeof text, "libjpeg-turbo %s, libpng %s", FB_STR(LIBJPEG_TURBO_VERSION), png_get_libpng_ver(NULL));
#else
        snprintf(text, sizeof text, "libjpeg %d, libpng %s", JPEG_LIB_VERSION, png_get_libpng_ver(NULL));
#endif
    }
    return text;
}
