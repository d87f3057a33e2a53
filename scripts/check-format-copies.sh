#!/usr/bin/env bash
# `make format-copies`: dlib-faces and MIT+CMU written in every format users bring
# (scripts/write-dataset-copies.py, from the shipped ground truth, without FaceBench) run with
# the default detectors to exactly the numbers of the originals. DatasetFormatCopyTests checks
# dlib-faces with one cheap detector in `make test`; this is the whole default set on both.
#
# Compared per detector: metrics and every protocol's outcome but landmarks (the copies hold
# boxes only), and per image (by name) its size and detections; sample ids are left out (they
# follow each format's image order) and numbers compared to 12 significant digits (YOLO's
# normalised coordinates give the pixel boxes back to within a rounding). A copy whose images
# come in another order (YOLO's: by file name) may differ in COCO's numbers alone, where scores
# tie across images; then both its and the original's COCO numbers must equal pycocotools' on
# their own exports (scripts/coco-rescore.py).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-.build/release/facebench}
WORK=${FORMAT_COPIES:-.build/format-copies}
DATASETS=${DATASETS:-../shared/datasets}
# FORMAT_COPIES_DATASETS narrows the check (e.g. to dlib-faces); FORMAT_COPIES_DETECTORS runs
# other detectors than the default set (what is checked is the readers: any detector's
# detections serve, and CI takes fast ones on mit-cmu).
read -r -a CHECKED <<<"${FORMAT_COPIES_DATASETS:-dlib-faces mit-cmu}"
DETECTOR_ARGUMENTS=()
for detector in ${FORMAT_COPIES_DETECTORS:-}; do DETECTOR_ARGUMENTS+=(--detector "$detector"); done
rm -rf "$WORK"
/usr/bin/python3 scripts/write-dataset-copies.py "$WORK/copies" "$DATASETS" >/dev/null
for dataset in "${CHECKED[@]}"; do
  arguments=(--dataset "$dataset")
  for copy in "$WORK/copies/$dataset"/*/; do arguments+=(--dataset "${copy%/}"); done
  # Each copy's results go to <out>/<format>/, the original's to <out>/<dataset>/.
  "$BIN" run "${arguments[@]}" ${DETECTOR_ARGUMENTS[@]+"${DETECTOR_ARGUMENTS[@]}"} --out "$WORK/run-$dataset" --quiet
  /usr/bin/python3 - "$WORK/run-$dataset" "$dataset" "$WORK/copies/$dataset" <<'PY'
import json, os, subprocess, sys
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
    # The false-positive table of the shipped MIT+CMU carries Viola and Jones' published rates
    # beside it (a copy is not that dataset by name): a citation, not a measurement.
    def measured(protocol, value):
        return {k: v for k, v in value.items() if k != "reference"} if protocol == "fp_table" and isinstance(value, dict) else value
    detectors = {d["id"]: {"metrics": d["metrics"], "evaluation": {k: measured(k, v) for k, v in d["evaluation"].items() if k != "landmarks"}}
                 for d in results["detectors"]}
    images = [{"name": i["name"], "width": i.get("width"), "height": i.get("height"),
               "detections": {k: r.get("detections") for k, r in i["results"].items()}} for i in results["images"]]
    return normalised({"detectors": detectors, "images": images}), results["dataset"]

COCO_STATS = ["AP", "AP50", "AP75", "APs", "APm", "APl", "AR1", "AR10", "AR100", "ARs", "ARm", "ARl"]

def image_order(folder):
    with open(os.path.join(run, folder, "results.json")) as f:
        return [i["name"] for i in json.load(f)["images"]]

def without_coco(numbers):
    return {**numbers, "detectors": {k: {**v, "evaluation": {p: r for p, r in v["evaluation"].items() if p != "coco"}}
                                     for k, v in numbers["detectors"].items()}}

def coco_equals_pycocotools(folder):
    """Each detector's COCO numbers against pycocotools on the run's own COCO exports (in that
    run's image order): the detector that differs, or None."""
    rescored = subprocess.run(["python3", "scripts/coco-rescore.py", os.path.join(run, folder)],
                              capture_output=True, text=True, check=True).stdout
    with open(os.path.join(run, folder, "results.json")) as f:
        stored = {d["id"]: d["evaluation"].get("coco") for d in json.load(f)["detectors"]}
    for line in rescored.splitlines():
        entry = json.loads(line)
        coco = stored.get(entry["detector"])
        if entry["stats"] is None or coco is None:
            continue
        if any(abs(coco[key] - value) > 1e-12 for key, value in zip(COCO_STATS, entry["stats"])):
            return entry["detector"]
    return None

expected, summary = numbers(original)
failed = False
for copy in sorted(os.listdir(copies)):
    got, copy_summary = numbers(copy)
    same = got == expected
    # COCO ranks detections of equal score by image order (pycocotools' stable sort over image
    # ids), and YOLO has no order but its file names': with scores tied across images, a copy in
    # another order has another COCO AP. Such a copy must equal the original in everything else
    # and, like the original, give pycocotools' COCO numbers for its own order.
    if not same and image_order(copy) != image_order(original) and without_coco(got) == without_coco(expected):
        differing = coco_equals_pycocotools(original) or coco_equals_pycocotools(copy)
        if differing is None:
            print("%-12s %-12s %4d images %5d faces %2d detectors  identical but COCO's tie order: images in another order, COCO numbers equal to pycocotools' on each order" % (
                original, copy, copy_summary["images"], copy_summary["faces"], len(got["detectors"])))
            continue
        print("  COCO numbers of", differing, "differ from pycocotools'")
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
