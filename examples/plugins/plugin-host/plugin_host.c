/*
 * facebench-plugin-host: runs a native FaceBench plugin (facebench_plugin.h) in its own
 * process and serves it over the exec protocol (facebench.exec/1), so a plugin that may
 * crash or hang cannot take the benchmark down with it:
 *
 *   make examples
 *   facebench run --dataset dlib-faces \
 *       --detector 'exec:.build/examples/facebench-plugin-host .build/examples/libfacebench_lbp_plugin.so scale=1.1'
 *
 * Arguments: the plugin library, then its parameters as key=value words. It asks FaceBench
 * for the gray pixels ("input": "pixels"), so it decodes nothing. Plain C, with json-c for
 * JSON; errors go to stderr (kept by FaceBench in the detector's stderr log).
 */
#include <facebench_plugin.h>

#include <dlfcn.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Prints one JSON object as one line and flushes: FaceBench waits for it. */
static void send(json_object *message) {
    puts(json_object_to_json_string_ext(message, JSON_C_TO_STRING_PLAIN));
    fflush(stdout);
    json_object_put(message);
}

static const facebench_plugin_api *load(const char *path) {
    void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        fprintf(stderr, "plugin-host: %s\n", dlerror());
        return NULL;
    }
    facebench_plugin_entry_fn entry = (facebench_plugin_entry_fn)dlsym(library, FACEBENCH_PLUGIN_ENTRY);
    const facebench_plugin_api *api = entry ? entry() : NULL;
    if (!api || api->abi_version < FACEBENCH_PLUGIN_ABI_VERSION_OLDEST || api->abi_version > FACEBENCH_PLUGIN_ABI_VERSION || api->struct_size < sizeof(facebench_plugin_api)) {
        fprintf(stderr, "plugin-host: %s is not a FaceBench plugin of ABI version %u to %u\n", path, FACEBENCH_PLUGIN_ABI_VERSION_OLDEST,
                FACEBENCH_PLUGIN_ABI_VERSION);
        return NULL;
    }
    return api;
}

/* The handshake, from the instance's own description. */
static int send_handshake(const facebench_plugin_api *api, void *instance) {
    facebench_description description = {0};
    char error[1024] = "";
    if (api->describe(instance, &description, error, sizeof error) != 0) {
        fprintf(stderr, "plugin-host: describe failed: %s\n", error);
        return 1;
    }
    json_object *parameters = json_object_new_object();
    for (size_t i = 0; i < description.parameter_count; i++) {
        json_object_object_add(parameters, description.parameters[i].key, json_object_new_string(description.parameters[i].value));
    }
    json_object *handshake = json_object_new_object();
    json_object_object_add(handshake, "protocol", json_object_new_string("facebench.exec/1"));
    json_object_object_add(handshake, "name", json_object_new_string(description.name ? description.name : "plugin"));
    json_object_object_add(handshake, "version", json_object_new_string(description.version ? description.version : ""));
    json_object_object_add(handshake, "parameters", parameters);
    json_object_object_add(handshake, "input", json_object_new_string("pixels"));
    if (description.score_meaning) json_object_object_add(handshake, "score", json_object_new_string(description.score_meaning));
    if (api->abi_version >= 2 && description.landmark_scheme) {
        json_object_object_add(handshake, "landmarks", json_object_new_string(description.landmark_scheme));
    }
    send(handshake);
    return 0;
}

/* Answers one request line: the faces, or an error naming what went wrong. */
static void answer(const facebench_plugin_api *api, void *instance, const char *line) {
    json_object *request = json_tokener_parse(line);
    json_object *id = NULL, *pixels_path = NULL, *width = NULL, *height = NULL;
    json_object *response = json_object_new_object();
    if (!request || !json_object_object_get_ex(request, "id", &id)) {
        fprintf(stderr, "plugin-host: unreadable request: %s\n", line);
        exit(2);
    }
    json_object_object_add(response, "id", json_object_new_int64(json_object_get_int64(id)));
    if (!json_object_object_get_ex(request, "pixels", &pixels_path) || !json_object_object_get_ex(request, "width", &width) ||
        !json_object_object_get_ex(request, "height", &height)) {
        json_object_object_add(response, "error", json_object_new_string("request without pixels, width or height"));
        send(response);
        json_object_put(request);
        return;
    }
    const int32_t w = json_object_get_int(width), h = json_object_get_int(height);
    const size_t size = (size_t)w * (size_t)h;
    uint8_t *pixels = malloc(size ? size : 1);
    FILE *file = fopen(json_object_get_string(pixels_path), "rb");
    const size_t got = file ? fread(pixels, 1, size, file) : 0;
    if (file) fclose(file);
    if (got != size) {
        json_object_object_add(response, "error", json_object_new_string("cannot read the pixel file"));
    } else {
        const facebench_face *faces = NULL;
        size_t count = 0;
        char error[1024] = "";
        const double start = now_ms();
        if (api->detect(instance, pixels, w, h, w, &faces, &count, error, sizeof error) != 0) {
            json_object_object_add(response, "error", json_object_new_string(error));
        } else {
            json_object *list = json_object_new_array();
            for (size_t i = 0; i < count; i++) {
                json_object *box = json_object_new_array();
                json_object_array_add(box, json_object_new_double(faces[i].x));
                json_object_array_add(box, json_object_new_double(faces[i].y));
                json_object_array_add(box, json_object_new_double(faces[i].width));
                json_object_array_add(box, json_object_new_double(faces[i].height));
                json_object *face = json_object_new_object();
                json_object_object_add(face, "box", box);
                json_object_object_add(face, "score", json_object_new_double(faces[i].score));
                if (faces[i].landmark_count > 0) {
                    json_object *points = json_object_new_array();
                    for (int32_t p = 0; p < faces[i].landmark_count; p++) {
                        json_object *point = json_object_new_array();
                        json_object_array_add(point, json_object_new_double(faces[i].landmarks[2 * p]));
                        json_object_array_add(point, json_object_new_double(faces[i].landmarks[2 * p + 1]));
                        json_object_array_add(points, point);
                    }
                    json_object_object_add(face, "landmarks", points);
                }
                json_object_array_add(list, face);
            }
            json_object_object_add(response, "faces", list);
            json_object_object_add(response, "inference_ms", json_object_new_double(now_ms() - start));
        }
    }
    free(pixels);
    send(response);
    json_object_put(request);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s LIBRARY [key=value ...]\n", argv[0]);
        return 64;
    }
    const facebench_plugin_api *api = load(argv[1]);
    if (!api) return 1;
    const size_t count = (size_t)(argc - 2);
    facebench_parameter *parameters = calloc(count ? count : 1, sizeof *parameters);
    for (size_t i = 0; i < count; i++) {
        char *pair = argv[i + 2], *equals = strchr(pair, '=');
        if (!equals) {
            fprintf(stderr, "plugin-host: parameter '%s' is not key=value\n", pair);
            return 64;
        }
        *equals = '\0';
        parameters[i].key = pair;
        parameters[i].value = equals + 1;
    }
    char error[1024] = "";
    void *instance = api->create(parameters, count, error, sizeof error);
    if (!instance) {
        fprintf(stderr, "plugin-host: create failed: %s\n", error);
        return 1;
    }
    if (send_handshake(api, instance) != 0) return 1;
    char *line = NULL;
    size_t capacity = 0;
    while (getline(&line, &capacity, stdin) > 0) answer(api, instance, line);
    free(line);
    api->destroy(instance);
    free(parameters);
    return 0;
}
