#!/usr/bin/env bash
# Coverage of the 95 % intervals over images (docs/evaluation.md, "Coverage"): how often the
# interval a run gives holds the true value, over 1,000 simulated datasets drawn from a known
# population — a real dataset's ground truth with simulated detectors (BootstrapCoverage) —
# whose true values are measured on very large draws. 93–97 % is expected.
#
#   Benchmarks/bootstrap-coverage.sh [SEED]
#
# Both run with the shipped 1,000 resamples per dataset: mit-cmu (130 images) for the three
# simulated detectors (about 4 min with JOBS=2), wider-val (3,226 images, ground truth only)
# for the middling one (about 20 min with JOBS=2; WIDER_RESAMPLES=200 is faster, with
# intervals from 200 values, noisier than the shipped ones).
#
# BCA=1 also measures the BCa interval on mit-cmu (--bca: a jackknife over each simulated
# dataset's images; little extra there, about four times the time on wider-val).
#
# Environment: DATASETS (default 1000), JOBS (datasets at once, default 1), WIDER_RESAMPLES,
# WIDER_DETECTORS (default middling; "strong,middling,weak" for all), SKIP_WIDER=1, BCA=1.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
swift build -c release -Xswiftc -enable-testing --product facebench >/dev/null  # the flags of make release
SEED=${1:-1}
.build/release/facebench bench-coverage --dataset mit-cmu --datasets "${DATASETS:-1000}" --jobs "${JOBS:-1}" --seed "$SEED" ${BCA:+--bca}
if [ -z "${SKIP_WIDER:-}" ]; then
  echo
  .build/release/facebench bench-coverage --dataset wider-val --detector "${WIDER_DETECTORS:-middling}" \
    --datasets "${DATASETS:-1000}" --resamples "${WIDER_RESAMPLES:-1000}" --jobs "${JOBS:-1}" --seed "$SEED"
fi
