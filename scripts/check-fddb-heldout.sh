#!/usr/bin/env bash
# Held-out check of FaceBench's FDDB evaluation: fresh synthetic detections over all ten
# folds (a new seed each run unless given), scored by FaceBench (eval --roc-out, writing
# DiscROC.txt/ContROC.txt) and by the reference (scripts/evaluation/fddb_reference.py: masks
# drawn by OpenCV, scipy's assignment, the toolkit's merge), and the ROC files compared line
# by line.
#
#   scripts/check-fddb-heldout.sh [SEED] [STYLES]      e.g. scripts/check-fddb-heldout.sh 4242 "unit ellipses"
set -euo pipefail
source "$(dirname "$0")/lib/heldout.sh"
heldout_start fddb-folds "${1:-}"
FOLDS=$DATA
STYLES=${2:-unit ellipses crowd}
status=0
for style in $STYLES; do
  python3 scripts/evaluation/fddb_synthetic.py --folds "$FOLDS" --out "$WORK/$style.txt" --style "$style" --seed "$SEED" >/dev/null
  .build/release/facebench eval --protocol fddb --dataset "$FOLDS" --predictions "$WORK/$style.txt" --roc-out "$WORK/$style-facebench-" --format json > "$WORK/$style-facebench.json"
  python3 scripts/evaluation/fddb_reference.py --folds "$FOLDS" --detections "$WORK/$style.txt" --out "$WORK/$style-reference-" > "$WORK/$style-reference.json"
  python3 - "$style" "$WORK" <<'PY' || status=1
import json, os, sys
style, work = sys.argv[1], sys.argv[2]
fb = json.load(open(os.path.join(work, f"{style}-facebench.json")))["fddb"]
differing = 0
lines = 0
for kind in ["DiscROC", "ContROC"]:
    a = open(os.path.join(work, f"{style}-facebench-{kind}.txt")).read().split("\n")
    b = open(os.path.join(work, f"{style}-reference-{kind}.txt")).read().split("\n")
    lines += len(b) - 1
    differing += abs(len(a) - len(b)) + sum(x != y for x, y in zip(a, b))
print(f"{style:9} {fb['detections']:6d} detections, {lines // 2} ROC points, discrete TPR@1000 {fb['discrete']['tpr_at_1000_fp']:.6f}, "
      f"continuous {fb['continuous']['tpr_at_1000_fp']:.6f}: {differing} differing lines {'OK' if differing == 0 else 'MISMATCH'}")
sys.exit(0 if differing == 0 else 1)
PY
done
exit $status
