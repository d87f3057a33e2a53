#!/usr/bin/python3
"""OpenCV's own detectMultiScale, called outside FaceBench, to check FaceBench's Haar and LBP
boxes against it (needs Debian's python3-opencv, hence /usr/bin/python3).

Two modes:
  opencv-reference.py RESULTS.json
      Re-detects every image of a FaceBench results file with each `haar`/`lbp` detector's
      parameters and compares the boxes exactly. Prints a summary; exit 1 on any difference.
  opencv-reference.py --stdin
      Reads {"cascade", "scale", "neighbors", "min", "max", "images": [paths]} as JSON and
      prints {"path": [[x, y, w, h], ...]} (used by the Swift tests).

Images are read as OpenCV users do (imread in colour, cvtColor BGR2GRAY), which gives the
same pixels FaceBench's decoder and RGB->gray conversion give.
"""
import json
import sys

import cv2

CASCADES = {
    "haar": {"default": "haarcascade_frontalface_default.xml", "alt": "haarcascade_frontalface_alt.xml",
             "alt2": "haarcascade_frontalface_alt2.xml", "alt_tree": "haarcascade_frontalface_alt_tree.xml"},
    "lbp": {"frontalface": "lbpcascade_frontalface.xml", "improved": "lbpcascade_frontalface_improved.xml"},
}
FOLDERS = {"haar": "/usr/share/opencv4/haarcascades/", "lbp": "/usr/share/opencv4/lbpcascades/"}


def detect(classifier, path, scale, neighbors, minimum, maximum):
    image = cv2.imread(path, cv2.IMREAD_COLOR)
    if image is None:
        raise SystemExit(f"{path}: OpenCV cannot read the image")
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    boxes = classifier.detectMultiScale(gray, scaleFactor=scale, minNeighbors=neighbors,
                                        minSize=(minimum, minimum), maxSize=(maximum, maximum))
    return sorted([int(v) for v in box] for box in boxes)


def classifier_for(path):
    classifier = cv2.CascadeClassifier(path)
    if classifier.empty():
        raise SystemExit(f"{path}: OpenCV cannot load the cascade")
    return classifier


def reference_mode():
    request = json.load(sys.stdin)
    classifier = classifier_for(request["cascade"])
    out = {path: detect(classifier, path, request["scale"], request["neighbors"], request["min"], request["max"])
           for path in request["images"]}
    json.dump(out, sys.stdout)


def check_results(results_path):
    cv2.setNumThreads(1)
    with open(results_path) as handle:
        results = json.load(handle)
    failures = 0
    for detector in results["detectors"]:
        kind, params = detector["kind"], detector["parameters"]
        if kind not in CASCADES:
            continue
        cascade = params["cascade"]
        path = cascade if cascade.endswith(".xml") else FOLDERS[kind] + CASCADES[kind][cascade]
        classifier = classifier_for(path)
        same = boxes = 0
        for image in results["images"]:
            ours = sorted([int(round(v)) for v in d["box"]] for d in image["results"][detector["id"]]["detections"])
            theirs = detect(classifier, image["path"], float(params["scale"]), int(params["neighbors"]),
                            int(params["min"]), int(params["max"]))
            boxes += len(theirs)
            if ours == theirs:
                same += 1
            else:
                failures += 1
                print(f"  {detector['id']} {image['name']}: FaceBench {ours} != OpenCV {theirs}")
        print(f"{detector['id']} ({detector['spec']}): {same}/{len(results['images'])} images identical, "
              f"{boxes} OpenCV boxes")
    if failures:
        print(f"{failures} images differ")
        sys.exit(1)


if __name__ == "__main__":
    if len(sys.argv) == 2 and sys.argv[1] == "--stdin":
        reference_mode()
    elif len(sys.argv) == 2:
        check_results(sys.argv[1])
    else:
        raise SystemExit(__doc__)
