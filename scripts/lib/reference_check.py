"""What the reference scripts (blazeface-, centerface-, libfacedetection-, model- and
scrfd-reference.py) share when they compare a FaceBench results file with a reference
implementation. Each script runs in its own Python environment, so this uses the standard
library only; a script finds it with
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))

Faces are FaceBench's detection dictionaries: {"box": [x, y, w, h], "score": s,
"landmarks": [[x, y], ...]} (landmarks optional).

  check(results_path, kinds, comparison, dataset_heading=True) -> int
      For each detector of the file whose kind is in `kinds`, calls comparison(detector);
      None skips the detector, else it returns (problem, summary):
        problem(image, result) -> str or None: what differs on one image (result is
            image["results"][detector id]); None when it agrees;
        summary(same, images) -> str: the detector's closing line after "ID (SPEC): ",
            given how many of the file's images agreed and how many it has.
      Prints "  ID IMAGE: PROBLEM" for each image that differs, then the summary line,
      headed "DATASET: " (the file's dataset name, else its path) unless dataset_heading is
      False. Returns the number of images that differed.
  paths(argv, usage) -> list of str
      The RESULTS.json arguments of argv (sys.argv); exits with `usage` when there are none
      or the first is an option.
  finish(total)
      Prints "TOTAL images differ" and exits 1 when total is not 0; returns otherwise.
  corners(face) -> [x1, y1, x2, y2]
  landmark_values(face) -> [x0, y0, x1, y1, ...]: the landmarks flattened, [] for none.
  face_differences(ours, theirs) -> (box, landmarks, score)
      The largest difference between two faces' box corners and between their landmark
      coordinates (0 when either has none), and their scores' difference, all absolute.
  failure(result, reference) -> str or None
      The problem to report when FaceBench failed on an image (result has "failure") that
      `reference` (how the messages name the reference) ran on; None when it did not fail.
"""
import json
import sys


def check(results_path, kinds, comparison, dataset_heading=True):
    with open(results_path) as handle:
        results = json.load(handle)
    heading = f"{results.get('dataset', {}).get('name', results_path)}: " if dataset_heading else ""
    failures = 0
    for detector in results["detectors"]:
        if detector["kind"] not in kinds:
            continue
        compared = comparison(detector)
        if compared is None:
            continue
        problem_of, summary = compared
        same = 0
        for image in results["images"]:
            problem = problem_of(image, image["results"][detector["id"]])
            if problem is None:
                same += 1
            else:
                failures += 1
                print(f"  {detector['id']} {image['name']}: {problem}")
        print(f"{heading}{detector['id']} ({detector['spec']}): {summary(same, len(results['images']))}")
    return failures


def paths(argv, usage):
    if len(argv) < 2 or argv[1].startswith("-"):
        raise SystemExit(usage)
    return argv[1:]


def finish(total):
    if total:
        print(f"{total} images differ")
        sys.exit(1)


def corners(face):
    x, y, width, height = face["box"]
    return [x, y, x + width, y + height]


def landmark_values(face):
    return [v for point in face.get("landmarks") or [] for v in point]


def face_differences(ours, theirs):
    box = max(abs(a - b) for a, b in zip(corners(ours), corners(theirs)))
    landmarks = max((abs(a - b) for a, b in zip(landmark_values(ours), landmark_values(theirs))), default=0)
    return box, landmarks, abs(ours["score"] - theirs["score"])


def failure(result, reference):
    if "failure" not in result:
        return None
    return f"FaceBench failed ({result['failure']}) where {reference} did not"
