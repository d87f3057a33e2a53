/* The centre-prior baseline as a FaceBench native plugin (facebench_plugin.h): one face,
 * centred, its side `fraction` (default 0.5) of the image's shorter side.
 *   cc -shared -fPIC -I Sources/CFaceBenchPlugin/include examples/minimal/centre_baseline.c -o libcentre.so */
#include <facebench_plugin.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    double fraction;
    char text[32];
    facebench_parameter parameter;
    facebench_face face;
} centre;

static void *create(const facebench_parameter *parameters, size_t count, char *error, size_t error_size) {
    centre *self = calloc(1, sizeof *self);
    self->fraction = 0.5;
    for (size_t i = 0; i < count; i++) {
        char *end;
        self->fraction = strtod(parameters[i].value, &end);
        if (strcmp(parameters[i].key, "fraction") != 0 || *end || self->fraction <= 0 || self->fraction > 1) {
            snprintf(error, error_size, "accepted: fraction=X with 0 < X <= 1");
            free(self);
            return NULL;
        }
    }
    snprintf(self->text, sizeof self->text, "%g", self->fraction);
    self->parameter = (facebench_parameter){"fraction", self->text};
    return self;
}

static int describe(void *instance, facebench_description *description, char *error, size_t error_size) {
    centre *self = instance;
    *description = (facebench_description){"centre-baseline", "1", "constant", &self->parameter, 1};
    return 0;
}

static int detect(void *instance, const uint8_t *pixels, int32_t width, int32_t height, int32_t stride,
                  const facebench_face **faces, size_t *count, char *error, size_t error_size) {
    centre *self = instance;
    const double side = (width < height ? width : height) * self->fraction;
    self->face = (facebench_face){(width - side) / 2, (height - side) / 2, side, side, 1.0, 0, NULL};
    *faces = &self->face;
    *count = 1;
    return 0;
}

static void destroy(void *instance) { free(instance); }

static const facebench_plugin_api api = {FACEBENCH_PLUGIN_ABI_VERSION, sizeof(facebench_plugin_api),
                                         create, describe, detect, destroy};

const facebench_plugin_api *facebench_plugin_entry(void) { return &api; }
