#!/usr/bin/env bash
# The CI regression gate: judges a benchmark run's accuracy against the committed baseline.
# Speed is printed but not judged (CI machines differ; `facebench compare` alone judges it
# relative to a reference detector of the same run).
#
# Usage: scripts/accuracy-gate.sh RUN [BASELINE]
#   RUN       a run folder (facebench run --out RUN), or a results.json
#   BASELINE  default Results/baseline.json (written by `make baseline`)
# Exit status: 0 accuracy unchanged or improved (improvements print a reminder to refresh
# the baseline), 2 a regression, anything else an error. With $GITHUB_STEP_SUMMARY set,
# the comparison is appended to the job summary.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -lt 1 ]; then
  echo "usage: $0 RUN [BASELINE]" >&2
  exit 64
fi
run=$1
baseline=${2:-Results/baseline.json}
facebench=${FACEBENCH:-.build/release/facebench}
report=$(mktemp)
trap 'rm -f "$report"' EXIT

status=0
"$facebench" compare "$run" --baseline "$baseline" --speed report --exit-improved --markdown "$report" || status=$?
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then cat "$report" >>"$GITHUB_STEP_SUMMARY"; fi

case $status in
  0) echo "accuracy-gate: accuracy matches $baseline" >&2 ;;
  4) echo "accuracy-gate: accuracy improved over $baseline; refresh it with 'make baseline' and commit it" >&2
     status=0 ;;
  2) echo "accuracy-gate: ACCURACY REGRESSED against $baseline (regressions listed above)" >&2 ;;
  *) echo "accuracy-gate: facebench compare failed (exit $status)" >&2 ;;
esac
exit $status
