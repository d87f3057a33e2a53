#!/usr/bin/env python3
"""Golden fixtures for FaceBench's FDDB evaluation (FDDBEvaluationTests): synthetic
detections over folds 1 and 2 of the real FDDB ground truth (scripts/evaluation/
fddb_synthetic.py) and the DiscROC.txt / ContROC.txt that scripts/evaluation/
fddb_reference.py writes for them (masks drawn by OpenCV, matching by scipy's
linear_sum_assignment, the toolkit's merge and output format).

  python3 Tests/Fixtures/FDDB/generate.py --folds ../shared/datasets/fddb-folds
"""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPTS = os.path.join(HERE, "..", "..", "..", "scripts", "evaluation")
sys.path.insert(0, SCRIPTS)
import fddb_synthetic  # noqa: E402

FOLDS = [1, 2]
# name: (style, what the case pins)
CASES = {
    "unit": ("unit", "rectangles, 3-decimal scores shared across images (merged thresholds)"),
    "margins": ("margins", "rectangles, full-precision scores: one ROC point per detection"),
    "ellipses": ("ellipses", "ellipse detections drawn like the annotations"),
    "crowd": ("crowd", "boxes spanning two faces: the maximum-weight matching decides"),
}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--folds", required=True)
    args = parser.parse_args()
    expected = {"generator": "Tests/Fixtures/FDDB/generate.py", "folds": FOLDS, "cases": {}}
    for name, (style, pins) in CASES.items():
        detections = os.path.join(HERE, f"{name}.txt")
        count = fddb_synthetic.write(args.folds, FOLDS, detections, style, seed=1)
        output = subprocess.run(
            [sys.executable, os.path.join(SCRIPTS, "fddb_reference.py"), "--folds", args.folds, "--fold-list", ",".join(map(str, FOLDS)),
             "--detections", detections, "--out", os.path.join(HERE, f"{name}-")], check=True, capture_output=True, text=True).stdout
        summary = json.loads(output)
        expected["cases"][name] = {"pins": pins, "detections": count, "faces": summary["faces"], "points": summary["points"],
                                   "tpr_at_1000_fp": summary["tpr_at_1000_fp"]}
        print(name, count, summary)
    with open(os.path.join(HERE, "expected.json"), "w") as f:
        json.dump(expected, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
