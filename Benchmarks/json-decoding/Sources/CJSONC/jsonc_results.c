#include "jsonc_results.h"
#include <json-c/json.h>

long jsonc_read_results(const char *text, size_t length, long *image_ids, double *boxes, double *scores, long capacity) {
    struct json_tokener *tokener = json_tokener_new();
    struct json_object *root = json_tokener_parse_ex(tokener, text, (int)length);
    json_tokener_free(tokener);
    if (!root || !json_object_is_type(root, json_type_array)) {
        if (root) json_object_put(root);
        return -1;
    }
    long count = (long)json_object_array_length(root);
    if (count > capacity) {
        json_object_put(root);
        return -1;
    }
    for (long i = 0; i < count; i++) {
        struct json_object *entry = json_object_array_get_idx(root, (size_t)i);
        struct json_object *image_id, *bbox, *score;
        if (!json_object_object_get_ex(entry, "image_id", &image_id) || !json_object_object_get_ex(entry, "bbox", &bbox) ||
            !json_object_object_get_ex(entry, "score", &score) || json_object_array_length(bbox) != 4) {
            json_object_put(root);
            return -1;
        }
        image_ids[i] = (long)json_object_get_int64(image_id);
        for (int k = 0; k < 4; k++) boxes[4 * i + k] = json_object_get_double(json_object_array_get_idx(bbox, (size_t)k));
        scores[i] = json_object_get_double(score);
    }
    json_object_put(root);
    return count;
}
