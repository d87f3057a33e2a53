#!/usr/bin/python3
"""OpenCV's own detectMultiScale, called outside FaceBench, to check FaceBench's Haar and LBP
boxes against it (needs Debian's python3-opencv, hence /usr/bin/python3).

Three modes:
  opencv-reference.py RESULTS.json
      Re-detects every image of a FaceBench results file with each `haar`/`lbp` detector's
      parameters and compares the boxes exactly. Prints a summary; exit 1 on any difference.
  opencv-reference.py --stdin
      Reads a JSON list of requests {"cascade", "scale", "neighbors", "min", "max", "images": [paths]}
      and prints a list of answers {"path": [[x, y, w, h, level weight, neighbours], ...]}, one per
      request: detectMultiScale3's boxes and weights with detectMultiScale2's counts, sorted by
      box (used by the Swift tests, which ask for all their combinations in one process).
  opencv-reference.py --grid DATASETS_DIR OUT_DIR [--jobs N] [--only DATASET/CASCADE/SCORE/SCALE ...]
      The reference files of the parameter grid (`make parity`, README "Parity with OpenCV"): every cascade x
      scale x neighbours x min x max of GRID on dlib-faces and mit-cmu, each image detected by
      detectMultiScale3 (boxes and level weights) and by detectMultiScale2 (boxes and neighbour
      counts). One zlib-compressed text file per dataset, cascade, score and scale, written when
      complete (DATASET-FAMILY-CASCADE-SCORE-scaleSCALE.txt.zlib):
        facebench-opencv-grid 1 / opencv VERSION / dataset NAME / cascade FAMILY NAME / score weight|neighbors
        combo SCALE NEIGHBORS MIN MAX      (then one line per image, in the dataset's order)
        IMAGE x,y,w,h,SCORE x,y,w,h,SCORE ...   (boxes sorted by x, y, w, h; weights in repr)

Images are read as OpenCV users do (imread in colour, cvtColor BGR2GRAY), which gives the
same pixels FaceBench's decoder and RGB->gray conversion give.
"""
import json
import multiprocessing
import os
import sys
import xml.etree.ElementTree as ElementTree
import zlib

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


def scored_faces(classifier, path, scale, neighbors, minimum, maximum):
    gray = cv2.cvtColor(cv2.imread(path, cv2.IMREAD_COLOR), cv2.COLOR_BGR2GRAY)
    args = dict(scaleFactor=scale, minNeighbors=neighbors, minSize=(minimum, minimum), maxSize=(maximum, maximum))
    boxes, _, weights = classifier.detectMultiScale3(gray, outputRejectLevels=True, **args)
    counted, counts = classifier.detectMultiScale2(gray, **args)
    by_weight = sorted((tuple(int(v) for v in box), float(w)) for box, w in zip(boxes, weights))
    by_count = sorted((tuple(int(v) for v in box), int(n)) for box, n in zip(counted, counts))
    if [box for box, _ in by_weight] != [box for box, _ in by_count]:
        raise SystemExit(f"{path}: detectMultiScale2 and detectMultiScale3 return different boxes")
    return [list(box) + [w, n] for (box, w), (_, n) in zip(by_weight, by_count)]


def reference_mode():
    cv2.setNumThreads(1)
    answers = []
    for request in json.load(sys.stdin):
        classifier = classifier_for(request["cascade"])
        answers.append({path: scored_faces(classifier, path, request["scale"], request["neighbors"], request["min"], request["max"])
                        for path in request["images"]})
    json.dump(answers, sys.stdout)


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


# The grid of issue 15; Sources/FaceBenchCascade/Parity/CascadeGrid.swift declares the same.
GRID = {"scale": [1.05, 1.1, 1.3], "neighbors": [1, 3, 6], "min": [0, 30], "max": [0, 120]}


def dataset_images(root, name):
    """(name, path) of every image FaceBench's dataset holds, in its order."""
    folder = os.path.join(root, name)
    if name == "mit-cmu":
        files = sorted(f for f in os.listdir(os.path.join(folder, "images")) if f.endswith(".png"))
        return [(f, os.path.join(folder, "images", f)) for f in files]
    names = []
    for xml in ("training.xml", "testing.xml"):
        for image in ElementTree.parse(os.path.join(folder, xml)).getroot().iter("image"):
            names.append(image.get("file"))
    return [(f, os.path.join(folder, f)) for f in names]


def grid_task(task):
    root, out_dir, dataset, kind, cascade, score, scale = task
    cv2.setNumThreads(1)
    classifier = classifier_for(FOLDERS[kind] + CASCADES[kind][cascade])
    images = [(name, cv2.cvtColor(cv2.imread(path, cv2.IMREAD_COLOR), cv2.COLOR_BGR2GRAY))
              for name, path in dataset_images(root, dataset)]
    lines = ["facebench-opencv-grid 1", f"opencv {cv2.__version__}", f"dataset {dataset}",
             f"cascade {kind} {cascade}", f"score {score}"]
    for neighbors in GRID["neighbors"]:
        for minimum in GRID["min"]:
            for maximum in GRID["max"]:
                lines.append(f"combo {scale!r} {neighbors} {minimum} {maximum}")
                for name, gray in images:
                    args = dict(scaleFactor=scale, minNeighbors=neighbors,
                                minSize=(minimum, minimum), maxSize=(maximum, maximum))
                    if score == "weight":
                        boxes, _, scores = classifier.detectMultiScale3(gray, outputRejectLevels=True, **args)
                        texts = [repr(float(v)) for v in scores]
                    else:
                        boxes, scores = classifier.detectMultiScale2(gray, **args)
                        texts = [str(int(v)) for v in scores]
                    entries = sorted((tuple(int(v) for v in box), text) for box, text in zip(boxes, texts))
                    lines.append(" ".join([name] + [",".join(map(str, box)) + "," + text for box, text in entries]))
    path = os.path.join(out_dir, f"{dataset}-{kind}-{cascade}-{score}-scale{scale!r}.txt.zlib")
    with open(path + ".partial", "wb") as handle:
        handle.write(zlib.compress(("\n".join(lines) + "\n").encode(), 9))
    os.replace(path + ".partial", path)
    return path


def grid_mode(arguments):
    root, out_dir = arguments[0], arguments[1]
    jobs = int(arguments[arguments.index("--jobs") + 1]) if "--jobs" in arguments else os.cpu_count()
    only = arguments[arguments.index("--only") + 1:] if "--only" in arguments else None
    os.makedirs(out_dir, exist_ok=True)
    # Cheapest first (dlib-faces, then mit-cmu by descending scale), so an interrupted run has
    # covered the most combinations.
    tasks = [(root, out_dir, dataset, kind, cascade, score, scale)
             for dataset in ("dlib-faces", "mit-cmu") for scale in sorted(GRID["scale"], reverse=True)
             for score in ("weight", "neighbors") for kind in CASCADES for cascade in CASCADES[kind]
             if only is None or f"{dataset}/{cascade}/{score}/{scale!r}" in only]
    with multiprocessing.Pool(jobs) as pool:
        for path in pool.imap_unordered(grid_task, tasks):
            print(path, flush=True)


if __name__ == "__main__":
    if len(sys.argv) == 2 and sys.argv[1] == "--stdin":
        reference_mode()
    elif len(sys.argv) >= 4 and sys.argv[1] == "--grid":
        grid_mode(sys.argv[2:])
    elif len(sys.argv) == 2:
        check_results(sys.argv[1])
    else:
        raise SystemExit(__doc__)
