#!/usr/bin/env bash
# Refreshes the committed comparison of this repository: runs the benchmark on the CI
# datasets with the default detectors (release build), writes Results/comparison.md and
# Results/comparison.html, and copies the tables into README.md. With --baseline, also
# rewrites Results/baseline.json, the accuracy baseline CI gates against.
#
# Usage: scripts/refresh-results.sh [--baseline] [RUN]
#   RUN  an existing run folder to use instead of running the benchmark again
set -euo pipefail
cd "$(dirname "$0")/.."
datasets=(dlib-faces mit-cmu)
facebench=${FACEBENCH:-.build/release/facebench}

baseline=0
if [ "${1:-}" = "--baseline" ]; then baseline=1; shift; fi
run=${1:-}
if [ -z "$run" ]; then
  args=()
  for dataset in "${datasets[@]}"; do args+=(--dataset "$dataset"); done
  "$facebench" run "${args[@]}" >/dev/null
  run=Results/runs/latest
fi

# A lighter gallery than the default keeps the committed HTML well under 1 MB.
"$facebench" report "$run" --format markdown,html --gallery 2 --image-side 360 --out Results/comparison
./scripts/readme-comparison.sh Results/comparison.md README.md
if [ "$baseline" = 1 ]; then
  "$facebench" baseline update "$run" --out Results/baseline.json
fi
