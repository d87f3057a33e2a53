#!/usr/bin/env bash
# Speed of the confidence intervals over images (docs/evaluation.md, "Confidence intervals")
# on a WIDER-validation-sized run: the real validation ground truth (3,226 images, 39,708
# faces) and about 12 synthetic detections per image (~39,000), generated deterministically
# for SEED. Prints the time of 1,000 resamples of one detector (every statistic: AP (VOC),
# COCO AP over ten IoU thresholds, precision, recall, F1, miss rate), best of REPEAT, in a
# release build, single-threaded. The target is 2 s.
#
#   Benchmarks/bootstrap.sh [SEED]
#
# Environment: FACEBENCH_DATASETS (folder holding wider-val-gt; default ../shared/datasets),
# REPEAT (default 3), RESAMPLES (default 1000), WORK (scratch folder; default a temporary one).
set -euo pipefail
source "$(dirname "$0")/../scripts/lib/wider-benchmark.sh"
RESAMPLES=${RESAMPLES:-1000}
wider_benchmark_start 12 3 "$@"
.build/release/facebench eval --protocol voc --dataset "$GT" --predictions "$WORK/predictions" --repeat "$REPEAT" \
  --bootstrap "$RESAMPLES" --format json > "$WORK/facebench.json"
python3 - "$WORK/facebench.json" "$RESAMPLES" <<'PY'
import json, sys
result = json.load(open(sys.argv[1]))
detections = result["voc"]["detections"]
seconds = result["timing"]["bootstrap_ms"] / 1000
print("bootstrap: %s resamples of %d images, %d detections: %.3f s (best of %d; target <= 2 s)"
      % (sys.argv[2], result["images"], detections, seconds, result["timing"]["repeats"]))
for key, (low, high) in result["intervals"].items():
    print("  %-10s [%.4f, %.4f]" % (key, low, high))
PY
