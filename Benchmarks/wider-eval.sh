#!/usr/bin/env bash
# Speed of FaceBench's WIDER FACE evaluation beside the reference implementation, on a
# WIDER-validation-sized job: the real validation ground truth (3,226 images, 39,708 faces)
# and about 100 synthetic predictions per image, generated deterministically for SEED.
#
#   Benchmarks/wider-eval.sh [SEED]
#
# Environment: FACEBENCH_DATASETS (folder holding wider-val-gt; default ../shared/datasets),
# REPEAT (FaceBench runs to take the best of; default 5), WORK (scratch folder; default a
# temporary one), OCTAVE_EVAL_TOOLS (folder with WIDER's official MATLAB eval_tools: also
# times the official code under GNU Octave).
#
# Prints both implementations' APs (they must agree to 1e-4; they agree to ~1e-15), their
# times and the ratios. FaceBench runs single-threaded in a release build.
set -euo pipefail
source "$(dirname "$0")/../scripts/lib/wider-benchmark.sh"
wider_benchmark_start 100 5 "$@"
.build/release/facebench eval --protocol wider --dataset "$GT" --predictions "$WORK/predictions" --repeat "$REPEAT" --format json > "$WORK/facebench.json"
python3 scripts/evaluation/wider_reference.py --gt "$GT" --predictions "$WORK/predictions" --out "$WORK/reference.json"
if [ -n "${OCTAVE_EVAL_TOOLS:-}" ]; then
  python3 scripts/evaluation/wider_official_octave.py --eval-tools "$OCTAVE_EVAL_TOOLS" --gt "$GT" --predictions "$WORK/predictions" --out "$WORK/official.json"
fi

python3 - "$WORK" <<'PY'
import json, os, sys
work = sys.argv[1]
fb = json.load(open(os.path.join(work, "facebench.json")))
wider, timing = fb["wider"], fb["timing"]
ref = json.load(open(os.path.join(work, "reference.json")))
official = json.load(open(os.path.join(work, "official.json"))) if os.path.exists(os.path.join(work, "official.json")) else None
print(f"workload: {fb['images']} images, {fb['faces']} faces, {wider['predictions']} predictions (~{wider['predictions'] / fb['images']:.0f} per image)")
worst = 0.0
for setting in ["easy", "medium", "hard"]:
    a, b = wider[setting]["ap"], ref[setting]["ap"]
    worst = max(worst, abs(a - b))
    line = f"  {setting:6} AP  FaceBench {a:.12f}  reference {b:.12f}  |diff| {abs(a - b):.1e}"
    if official:
        worst = max(worst, abs(a - official[setting]["ap"]))
        line += f"  official (Octave) {official[setting]['ap']:.12f}"
    print(line)
fb_eval, fb_load, fb_gt = timing["evaluate_ms"]["wider"] / 1000, timing["read_ms"] / 1000, timing["dataset_ms"] / 1000
print(f"FaceBench (release, 1 thread, best of {timing['repeats']}): evaluation {fb_eval * 1000:.1f} ms, prediction folder load {fb_load * 1000:.1f} ms, ground truth load {fb_gt * 1000:.0f} ms")
print(f"reference (Python, numpy):          evaluation {ref['evaluate_seconds']:.2f} s, ground truth + predictions load {ref['load_seconds']:.2f} s")
print(f"ratio reference/FaceBench: evaluation {ref['evaluate_seconds'] / fb_eval:.0f}x, load {ref['load_seconds'] / (fb_load + fb_gt):.0f}x")
if official:
    print(f"official MATLAB code under Octave: {official['seconds']:.1f} s in all ({official['seconds'] / (fb_eval + fb_load):.0f}x FaceBench's load + evaluation)")
print("agreement:", "OK" if worst <= 1e-4 else "FAILED", f"(largest |AP difference| {worst:.1e}, limit 1e-4)")
sys.exit(0 if worst <= 1e-4 else 1)
PY
