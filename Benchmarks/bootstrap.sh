#!/usr/bin/env bash
# Speed of the confidence intervals over images (docs/evaluation.md, "Confidence intervals")
# on a WIDER-validation-sized run: `facebench bench-bootstrap` makes up 3,226 images with
# 39,708 faces and three simulated detectors of ~40,000 detections each (BootstrapBenchmark,
# deterministic for SEED) and prints, per detector, the time of 1,000 resamples of every
# statistic (AP (VOC), COCO AP over ten IoU thresholds, precision, recall, F1, miss rate) with
# its standard error for the studentized interval, best of REPEAT, in a release build, on JOBS
# threads (default: the machine's cores; CPU time summed over them beside the wall time).
# The target is 2 s per detector.
# FORMAT=json adds each detector's intervals and a digest of every resampled value: a change
# to the resampling code must leave both unchanged (run it before and after).
#
#   Benchmarks/bootstrap.sh [SEED]
#
# Environment: REPEAT (default 3), RESAMPLES (default 1000), JOBS, FORMAT (markdown or json).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
swift build -c release -Xswiftc -enable-testing --product facebench >/dev/null  # the flags of make release
.build/release/facebench bench-bootstrap --seed "${1:-1}" --repeat "${REPEAT:-3}" --resamples "${RESAMPLES:-1000}" ${JOBS:+--jobs "$JOBS"} --format "${FORMAT:-markdown}"
