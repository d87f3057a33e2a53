#ifndef JSONC_RESULTS_H
#define JSONC_RESULTS_H
#include <stddef.h>

/// Parses a COCO results file with json-c (json_tokener_parse_ex, the whole document as a
/// tree) and copies each entry's image_id, bbox and score into the arrays, which hold
/// `capacity` entries (`boxes` 4 per entry). Returns the number of entries, or -1 when the
/// text is not a list of such objects or does not fit.
long jsonc_read_results(const char *text, size_t length, long *image_ids, double *boxes, double *scores, long capacity);

#endif
