#!/usr/bin/env bash
# `make format-copies`: dlib-faces and MIT+CMU written in every format users bring
# (scripts/write-dataset-copies.py, from the shipped ground truth, without FaceBench) run with
# the default detectors to exactly the numbers of the originals. DatasetFormatCopyTests checks
# dlib-faces with one cheap detector in `make test`; this is the whole default set on both.
#
# Compared per detector: metrics and every protocol's outcome but landmarks (the copies hold
# boxes only), and per image (by name) its size and detections; sample ids are left out (they
# follow each format's image order) and numbers compared to 12 significant digits (YOLO's
# normalised coordinates give the pixel boxes back to within a rounding).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-.build/release/facebench}
WORK=${FORMAT_COPIES:-.build/format-copies}
DATASETS=${DATASETS:-../shared/datasets}
# FORMAT_COPIES_DATASETS narrows the check (e.g. to dlib-faces).
read -r -a CHECKED <<<"${FORMAT_COPIES_DATASETS:-dlib-faces mit-cmu}"
rm -rf "$WORK"
/usr/bin/python3 scripts/write-dataset-copies.py "$WORK/copies" "$DATASETS" >/dev/null
for dataset in "${CHECKED[@]}"; do
  arguments=(--dataset "$dataset")
  for copy in "$WORK/copies/$dataset"/*/; do arguments+=(--dataset "${copy%/}"); done
  # Each copy's results go to <out>/<format>/, the original's to <out>/<dataset>/.
  "$BIN" run "${arguments[@]}" --out "$WORK/run-$dataset" --quiet
  /usr/bin/python3 - "$WORK/run-$dataset" "$dataset" "$WORK/copies/$dataset" <<'PY'
import json, os, sys
run, original, copies = sys.argv[1:]

def normalised(value):
    if isinstance(value, float) or (isinstance(value, int) and not isinstance(value, bool)):
        return 0.0 if value == 0 else float("%.12g" % value)
    if isinstance(value, list):
        items = [normalised(v) for v in value]
        if items and all(isinstance(i, dict) and "name" in i for i in items):
            items.sort(key=lambda i: i["name"])
        return items
    if isinstance(value, dict):
        return {k: normalised(v) for k, v in value.items() if k != "id"}
    return value

def numbers(folder):
    with open(os.path.join(run, folder, "results.json")) as f:
        results = json.load(f)
    detectors = {d["id"]: {"metrics": d["metrics"], "evaluation": {k: v for k, v in d["evaluation"].items() if k != "landmarks"}}
                 for d in results["detectors"]}
    images = [{"name": i["name"], "width": i.get("width"), "height": i.get("height"),
               "detections": {k: r.get("detections") for k, r in i["results"].items()}} for i in results["images"]]
    return normalised({"detectors": detectors, "images": images}), results["dataset"]

expected, summary = numbers(original)
failed = False
for copy in sorted(os.listdir(copies)):
    got, copy_summary = numbers(copy)
    same = got == expected
    # A box YOLO cannot hold is clipped by the writer (clipped.txt): that copy cannot equal the
    # original, and is reported rather than failed.
    clipped = os.path.join(copies, copy, "clipped.txt")
    if not same and os.path.exists(clipped):
        with open(clipped) as f:
            print("%-12s %-12s differs: %d box(es) clipped to fit YOLO's [0, 1] (%s)" % (original, copy, len(f.readlines()), clipped))
        continue
    failed |= not same
    print("%-12s %-12s %4d images %5d faces %2d detectors  %s" % (
        original, copy, copy_summary["images"], copy_summary["faces"], len(got["detectors"]),
        "identical" if same else "DIFFERENT"))
    if not same:
        for detector in expected["detectors"]:
            if got["detectors"].get(detector) != expected["detectors"][detector]:
                print("  first difference: detector", detector)
                break
sys.exit(1 if failed else 0)
PY
done
