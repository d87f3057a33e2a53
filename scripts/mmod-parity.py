#!/usr/bin/env python3
"""FaceBench's `mmod` detections against dlib's MMOD detector run as dlib's C++ example runs it
(.build/tools/mmod-reference, from scripts/mmod-reference.cpp: `make tools`), on every image of
each results file: the same number of faces per image, the same boxes (dlib's inclusive
rectangle: left, top, right = x + width - 1, bottom = y + height - 1) and confidences within
1e-6, in the same order.

Usage: mmod-parity.py RESULTS.json [RESULTS.json ...]
    For each mmod detector of each file, runs the reference once over all its images with the
    detector's `upsample` (the model from $FACEBENCH_MODELS or ~/.cache/facebench/models, then
    ../shared/models). Prints each difference, naming the image, then one line per detector with
    the images and boxes compared; exit 1 on any difference.

Standard library only. The reference is single-threaded (OPENBLAS_NUM_THREADS=1), like
FaceBench's default --native-threads 1.
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "lib"))
import model_files  # noqa: E402

REFERENCE = os.path.join(HERE, "..", ".build", "tools", "mmod-reference")
MODEL = os.path.join("mmod", "mmod_human_face_detector.dat")
CONFIDENCE_TOLERANCE = 1e-6


def reference_faces(paths, upsample):
    """path → [(left, top, right, bottom, confidence)] in the reference's order."""
    if not os.access(REFERENCE, os.X_OK):
        raise SystemExit(f"{os.path.normpath(REFERENCE)} is missing (make tools builds it)")
    environment = dict(os.environ, OPENBLAS_NUM_THREADS="1")
    output = subprocess.run([REFERENCE, model_files.locate(MODEL), str(upsample)] + paths, check=True, capture_output=True,
                            text=True, env=environment).stdout
    faces = {path: [] for path in paths}
    for line in output.splitlines():
        # The path may hold spaces: the five numbers are the last fields.
        path, *numbers = line.rsplit(" ", 5)
        faces[path].append(tuple(int(v) for v in numbers[:4]) + (float(numbers[4]),))
    return faces


def difference(ours, theirs):
    if len(ours) != len(theirs):
        return f"{len(ours)} faces, dlib {len(theirs)}"
    for index, (mine, reference) in enumerate(zip(ours, theirs)):
        x, y, width, height = mine["box"]
        box = (x, y, x + width - 1, y + height - 1)
        if box != reference[:4] or abs(mine["score"] - reference[4]) > CONFIDENCE_TOLERANCE:
            return f"face {index}: box {list(box)} confidence {mine['score']} vs dlib {list(reference[:4])} {reference[4]}"
    return None


def check(results_path):
    with open(results_path) as handle:
        results = json.load(handle)
    dataset = results.get("dataset", {}).get("name", results_path)
    failures = 0
    for detector in results["detectors"]:
        if detector["kind"] != "mmod":
            continue
        upsample = int(detector["parameters"].get("upsample", "0"))
        images = [image for image in results["images"] if detector["id"] in image["results"]]
        theirs = reference_faces([image["path"] for image in images], upsample)
        boxes = differences = 0
        for image in images:
            result = image["results"][detector["id"]]
            problem = (f"FaceBench failed ({result['failure']})" if "failure" in result
                       else difference(result["detections"], theirs[image["path"]]))
            boxes += len(theirs[image["path"]])
            if problem:
                differences += 1
                print(f"  {dataset} {detector['id']} {image['name']}: {problem}")
        print(f"{dataset}: {detector['id']} ({detector['spec']}): {len(images)} images, {boxes} dlib boxes compared, "
              f"{differences} images differ")
        failures += differences
    return failures


def main(paths):
    if not paths:
        raise SystemExit(__doc__)
    failures = sum(check(path) for path in paths)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main(sys.argv[1:])
