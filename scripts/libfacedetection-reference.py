"""The reference `libfacedetection` is checked against: the PyPI package yuface 2023.5.1's own
Python binding (`yuface.detect`, the same native libfacedetection.so FaceBench opens), run
outside FaceBench in the virtual environment scripts/install-dependencies.sh makes
(.build/libfacedetection-venv, on /usr/bin/python3 with Debian's numpy and OpenCV 4.6).

The library returns integers (percent scores, whole-pixel boxes and points), so FaceBench's
detections must equal the binding's exactly: same faces in the same order, boxes and points
equal, scores equal to the percent ÷ 100 (the issue's tolerances, 0.5 px, 1 px and 1e-3, are
met by equality). At a `size` other than `original` the image is scaled as FaceBench scales it
(cv2.resize with INTER_LINEAR_EXACT to the rounded fitted size) and the values divided by each
axis's factor, so they must still be equal.

Usage: .build/libfacedetection-venv/bin/python scripts/libfacedetection-reference.py RESULTS.json [RESULTS.json …]
    Re-detects every image of each FaceBench results file with each libfacedetection detector's
    parameters. Prints one line per detector; exit 1 on any difference, naming the image.

Images are read as OpenCV users do (imread in colour), which gives the pixels FaceBench's
decoder gives; gray files come back as three equal channels, as FaceBench replicates them.
"""
import math
import os
import sys
import warnings

try:
    import cv2
    import yuface
except ImportError as error:
    raise SystemExit(f"{error}: run this with .build/libfacedetection-venv/bin/python (scripts/install-dependencies.sh makes it)")

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
import reference_check  # noqa: E402


def fitted(width, height, size):
    """The scaled width and height for FaceBench's `size` parameter (InputSize)."""
    if size == "original":
        return width, height
    fit_width, fit_height = (640, 640) if size == "vga" else map(int, size.lower().split("x"))
    factor = min(fit_width / width, fit_height / height)

    def rounded(value):  # half away from zero, as Swift's rounded() (Python's round() halves to even)
        whole = math.floor(value)
        return whole + (1 if value - whole >= 0.5 else 0)
    return max(1, rounded(width * factor)), max(1, rounded(height * factor))


def reference_faces(path, score, size):
    image = cv2.imread(path, cv2.IMREAD_COLOR)
    if image is None:
        raise SystemExit(f"{path}: OpenCV cannot read the image")
    height, width = image.shape[:2]
    scaled_width, scaled_height = fitted(width, height, size)
    if (scaled_width, scaled_height) != (width, height):
        image = cv2.resize(image, (scaled_width, scaled_height), interpolation=cv2.INTER_LINEAR_EXACT)
    scale_x, scale_y = scaled_width / width, scaled_height / height
    # yuface warns on every image over 960 px; the library runs it all the same.
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Image size", category=UserWarning)
        confs, boxes, landmarks = yuface.detect(image, conf=score)
    faces = []
    for conf, box, points in zip(confs, boxes, landmarks):
        x, y, w, h = (int(v) for v in box)
        faces.append({
            "box": [x / scale_x, y / scale_y, w / scale_x, h / scale_y],
            "score": int(conf) / 100,
            "landmarks": [[int(points[2 * k]) / scale_x, int(points[2 * k + 1]) / scale_y] for k in range(5)],
        })
    return faces


def differences(ours, theirs):
    if len(ours) != len(theirs):
        return f"{len(ours)} faces, yuface {len(theirs)}"
    for index, (mine, face) in enumerate(zip(ours, theirs)):
        values = list(mine["box"]) + reference_check.landmark_values(mine)
        expected = face["box"] + reference_check.landmark_values(face)
        if len(values) != len(expected) or any(abs(a - b) > 1e-9 for a, b in zip(values, expected)) \
                or abs(mine["score"] - face["score"]) > 1e-9:
            return f"face {index}: {values} score {mine['score']} vs yuface {expected} score {face['score']}"
    return None


def comparison(detector):
    score = float(detector["parameters"]["score"])
    size = detector["parameters"]["size"]
    faces = 0

    def problem(image, result):
        nonlocal faces
        if "failure" in result:
            return reference_check.failure(result, "yuface")
        ours = result["detections"]
        faces += len(ours)
        return differences(ours, reference_faces(image["path"], score, size))

    def summary(same, images):
        return f"{same}/{images} images equal to yuface, {faces} faces"
    return problem, summary


if __name__ == "__main__":
    reference_check.finish(sum(reference_check.check(path, ("libfacedetection",), comparison)
                               for path in reference_check.paths(sys.argv, __doc__)))
