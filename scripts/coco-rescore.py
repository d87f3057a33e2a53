#!/usr/bin/env python3
"""Re-scores a FaceBench run's COCO exports with pycocotools, proving they load in the
reference tool. Prints one JSON line per detector: {"detector", "stats": [12 numbers]}.

usage: coco-rescore.py RUN_DATASET_DIR   (the folder holding gt.coco.json and <id>.coco.json)
"""
import contextlib
import io
import json
import pathlib
import sys

from pycocotools.coco import COCO
from pycocotools.cocoeval import COCOeval

folder = pathlib.Path(sys.argv[1])
with contextlib.redirect_stdout(io.StringIO()):
    gt = COCO(str(folder / "gt.coco.json"))
for path in sorted(folder.glob("*.coco.json")):
    # The ground truth, and the landmark exports (an object with keypoints, not a results list).
    if path.name == "gt.coco.json" or path.name.endswith(".keypoints.coco.json"):
        continue
    detections = json.loads(path.read_text())
    if not detections:
        print(json.dumps({"detector": path.name[:-len(".coco.json")], "stats": None}))
        continue
    with contextlib.redirect_stdout(io.StringIO()):
        evaluation = COCOeval(gt, gt.loadRes(str(path)), "bbox")
        evaluation.evaluate()
        evaluation.accumulate()
        evaluation.summarize()
    print(json.dumps({"detector": path.name[:-len(".coco.json")], "stats": [float(v) for v in evaluation.stats]}))
