#!/usr/bin/env bash
# Held-out check of FaceBench's WIDER FACE evaluation: fresh synthetic predictions over the
# whole validation set (a new seed each run unless given), scored by FaceBench in both
# flavours and by the reference (scripts/evaluation/wider_reference.py: the official MATLAB
# semantics, and the Python port's), compared live. With OCTAVE_EVAL_TOOLS set to the
# official eval_tools folder, the official code also runs under GNU Octave (slow: minutes
# per style).
#
#   scripts/check-wider-heldout.sh [SEED] [STYLES] [FLAVORS]
#   e.g. scripts/check-wider-heldout.sh 4242 "unit margins" python
set -euo pipefail
source "$(dirname "$0")/lib/heldout.sh"
heldout_start wider-val-gt "${1:-}"
GT=$DATA
STYLES=${2:-unit above-one margins negative crowd}
FLAVORS=${3:-matlab python}
status=0
for style in $STYLES; do
  python3 scripts/evaluation/wider_synthetic.py --gt "$GT" --out "$WORK/$style" --style "$style" --seed "$SEED" >/dev/null
  for flavor in $FLAVORS; do
  case $flavor in
    matlab) semantics=matlab ;;
    python) semantics=python-port ;;
    *) echo "check-wider-heldout: unknown flavour '$flavor' (matlab or python)" >&2; exit 64 ;;
  esac
  run=$WORK/$style-$flavor
  .build/release/facebench eval --protocol wider --wider-flavor "$flavor" --dataset "$GT" --predictions "$WORK/$style" --format json > "$run-facebench.json"
  python3 scripts/evaluation/wider_reference.py --gt "$GT" --predictions "$WORK/$style" --semantics "$semantics" --out "$run-reference.json"
  official=""
  if [ "$flavor" = matlab ] && [ -n "${OCTAVE_EVAL_TOOLS:-}" ]; then
    python3 scripts/evaluation/wider_official_octave.py --eval-tools "$OCTAVE_EVAL_TOOLS" --gt "$GT" --predictions "$WORK/$style" --out "$run-official.json" 2>/dev/null
    official="$run-official.json"
  fi
  python3 - "$style $flavor" "$run-facebench.json" "$run-reference.json" "$official" <<'PY' || status=1
import json, sys
style, fb, ref = sys.argv[1], json.load(open(sys.argv[2]))["wider"], json.load(open(sys.argv[3]))
official = json.load(open(sys.argv[4])) if sys.argv[4] else None
worst = 0.0
parts = []
for s in ["easy", "medium", "hard"]:
    values = [fb[s]["ap"], ref[s]["ap"]] + ([official[s]["ap"]] if official else [])
    worst = max(worst, max(values) - min(values))
    parts.append(f"{s} {fb[s]['ap']:.6f}")
ok = worst <= 1e-9
print(f"{style:17} {fb['predictions']:7d} predictions  " + "  ".join(parts) + f"  largest difference {worst:.1e} {'OK' if ok else 'MISMATCH'}"
      + ("  (official Octave included)" if official else ""))
sys.exit(0 if ok else 1)
PY
  done
done
exit $status
