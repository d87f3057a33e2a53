#!/usr/bin/env python3
"""InsightFace's own SCRFD class (insightface/model_zoo/scrfd.py of the PyPI package
insightface 2.1) run with onnxruntime, outside FaceBench, to check the `scrfd` backend.
Runs in the environment scripts/install-dependencies.sh makes
(.build/scrfd-reference-venv/bin/python: onnxruntime and onnx from PyPI beside Debian's
python3-opencv 4.6 and numpy, so images are read and resized by the same OpenCV).

Two modes:
  scrfd-reference.py RESULTS.json [RESULTS.json …]
      Re-detects every image of each FaceBench results file for each `scrfd` detector with
      its parameters and checks the same faces come back in the same order: box corners
      within 0.5 px, scores within 1e-3, landmarks within 1 px. One line per detector; exit
      1 on any difference, naming the image.
  scrfd-reference.py --stdin
      Reads {"score", "nms", "size", "model", "images": [paths]} as JSON and prints
      {"path": [{"box": [x, y, w, h], "score": s, "landmarks": [[x, y] x 5]}, ...]}.
  scrfd-reference.py --dynamic-export IN.onnx OUT.onnx
      Writes a copy of an SCRFD export with a dynamic input whose upsampling sizes the graph
      computes (Shape of the feature map they are added to), as InsightFace's 2.5GF and 10GF
      exports do: the kind of file OpenCV 4.6 cannot import, for the tests.

Only scrfd.py (and the two modules it imports) is loaded from the installed package: its
package __init__ pulls in the whole toolkit (scikit-image, scipy, …), which SCRFD does not use.

Sizes, as FaceBench's `size` parameter means them: `vga` or `WxH` is InsightFace's det_size;
`original` gives detect() the image padded with zeros (bottom/right) to multiples of the
largest stride, with that as det_size, so nothing is scaled. SCRFD's published exports fix
their input at 640x640, and InsightFace refuses a static graph at any other size; the graph
is then rewritten as FaceBench rewrites it (input and upsampling sizes scaled to the canvas)
and handed to SCRFD as an onnxruntime session.
"""
import importlib
import importlib.util
import json
import os
import sys
import types

import cv2
import numpy as np
import onnx
import onnxruntime
from onnx import numpy_helper

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "lib"))
import reference_check  # noqa: E402

TOLERANCE_BOX = 0.5
TOLERANCE_SCORE = 1e-3
TOLERANCE_LANDMARK = 1.0
DEFAULT_MODEL = "scrfd_500m_bnkps"


def scrfd_module():
    spec = importlib.util.find_spec("insightface")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("insightface is not installed here (scripts/install-dependencies.sh makes .build/scrfd-reference-venv)")
    root = list(spec.submodule_search_locations)[0]
    for name, folder in (("insightface", root), ("insightface.model_zoo", os.path.join(root, "model_zoo"))):
        package = types.ModuleType(name)
        package.__path__ = [folder]
        sys.modules[name] = package
    return importlib.import_module("insightface.model_zoo.scrfd")


SCRFD = scrfd_module()


def model_path(name):
    if name != DEFAULT_MODEL:
        return name
    cache = os.environ.get("FACEBENCH_MODELS") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "facebench", "models")
    for folder in (cache, os.path.join(HERE, "..", "..", "shared", "models"), os.path.join(os.getcwd(), "..", "shared", "models")):
        path = os.path.normpath(os.path.join(folder, "scrfd", "scrfd_500m_bnkps.onnx"))
        if os.path.exists(path):
            return path
    raise SystemExit("scrfd/scrfd_500m_bnkps.onnx: not found in the model cache or ../shared/models")


def session_options():
    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = 1
    options.inter_op_num_threads = 1
    return options


class Reference:
    """One SCRFD per canvas size, with the detector's thresholds."""

    def __init__(self, params):
        self.path = model_path(params["model"])
        self.size = params["size"]
        self.score = float(params["score"])
        self.nms = float(params["nms"])
        self.graph = onnx.load(self.path)
        dims = self.graph.graph.input[0].type.tensor_type.shape.dim
        self.native = (dims[3].dim_value, dims[2].dim_value) if all(d.dim_value > 0 for d in dims[2:4]) else None
        self.largest_stride = 32 if len(self.graph.graph.output) in (6, 9) else 128
        self.detectors = {}

    def rescaled(self, canvas):
        """The fixed graph with its input and upsampling sizes scaled to `canvas`."""
        model = onnx.ModelProto()
        model.CopyFrom(self.graph)
        (width, height), (native_width, native_height) = canvas, self.native
        tensors = {t.name: t for t in model.graph.initializer}
        for node in model.graph.node:
            if node.op_type == "Constant":
                tensors[node.output[0]] = node.attribute[0].t
        for node in model.graph.node:
            if node.op_type == "Resize" and len(node.input) == 4 and node.input[3] in tensors:
                tensor = tensors[node.input[3]]
                sizes = numpy_helper.to_array(tensor).copy()
                sizes[2], sizes[3] = sizes[2] * height // native_height, sizes[3] * width // native_width
                tensor.CopyFrom(numpy_helper.from_array(sizes, tensor.name))
        dims = model.graph.input[0].type.tensor_type.shape.dim
        dims[2].dim_value, dims[3].dim_value = height, width
        del model.graph.value_info[:]
        for output in model.graph.output:
            output.type.tensor_type.shape.dim[1].dim_param = "anchors"
        return model.SerializeToString()

    def detector(self, canvas):
        if canvas not in self.detectors:
            if self.native is None or canvas == self.native:
                session = onnxruntime.InferenceSession(self.path, session_options(), providers=["CPUExecutionProvider"])
                detector = SCRFD.SCRFD(model_file=self.path, session=session)
            else:
                session = onnxruntime.InferenceSession(self.rescaled(canvas), session_options(), providers=["CPUExecutionProvider"])
                detector = SCRFD.SCRFD(session=session)
            detector.prepare(-1, nms_thresh=self.nms, det_thresh=self.score)
            self.detectors[canvas] = detector
        return self.detectors[canvas]

    def detect(self, path):
        image = cv2.imread(path, cv2.IMREAD_COLOR)
        if image is None:
            raise SystemExit(f"{path}: OpenCV cannot read the image")
        if self.size == "original":
            s = self.largest_stride
            canvas = (-(-image.shape[1] // s) * s, -(-image.shape[0] // s) * s)
            padded = np.zeros((canvas[1], canvas[0], 3), dtype=np.uint8)
            padded[:image.shape[0], :image.shape[1]] = image
            image = padded
        elif self.size == "vga":
            canvas = (640, 640)
        else:
            canvas = tuple(int(v) for v in self.size.lower().split("x"))
        det, kpss = self.detector(canvas).detect(image, input_size=canvas)
        faces = []
        for index, row in enumerate(det):
            x1, y1, x2, y2, score = (float(v) for v in row)
            face = {"box": [x1, y1, x2 - x1, y2 - y1], "score": score}
            if kpss is not None:
                face["landmarks"] = [[float(x), float(y)] for x, y in kpss[index]]
            faces.append(face)
        return faces


def difference(ours, theirs, worst):
    """None when the faces agree (updating `worst`, the largest box, landmark and score
    differences seen), else what differs."""
    if len(ours) != len(theirs):
        return f"{len(ours)} faces, InsightFace {len(theirs)}"
    for index, (mine, face) in enumerate(zip(ours, theirs)):
        mine_points, their_points = reference_check.landmark_values(mine), reference_check.landmark_values(face)
        if len(mine_points) != len(their_points):
            return f"face {index}: {len(mine_points) // 2} landmarks, InsightFace {len(their_points) // 2}"
        box, points, score = reference_check.face_differences(mine, face)
        if box > TOLERANCE_BOX or points > TOLERANCE_LANDMARK or score > TOLERANCE_SCORE:
            return (f"face {index}: box {reference_check.corners(mine)} score {mine['score']} "
                    f"vs InsightFace {reference_check.corners(face)} {face['score']} "
                    f"(box {box:.3g} px, landmarks {points:.3g} px apart)")
        worst[:] = [max(worst[0], box), max(worst[1], points), max(worst[2], score)]
    return None


def comparison(detector):
    reference = Reference(detector["parameters"])
    faces = 0
    worst = [0.0, 0.0, 0.0]

    def problem(image, result):
        nonlocal faces
        ours = result["detections"]
        faces += len(ours)
        return difference(ours, reference.detect(image["path"]), worst) or reference_check.failure(result, "the reference")

    def summary(same, images):
        return (f"{same}/{images} images equal to InsightFace's SCRFD, {faces} faces; largest differences: "
                f"box {worst[0]:.2g} px, landmarks {worst[1]:.2g} px, score {worst[2]:.2g}")
    return problem, summary


def dynamic_export(source, destination):
    model = onnx.load(source)
    dims = model.graph.input[0].type.tensor_type.shape.dim
    dims[2].dim_param, dims[3].dim_param = "height", "width"
    nodes = list(model.graph.node)
    rewritten = []
    for node in nodes:
        if node.op_type == "Resize":
            added = next(n for n in nodes if n.op_type == "Add" and node.output[0] in n.input)
            target = next(name for name in added.input if name != node.output[0])
            rewritten.append(onnx.helper.make_node("Shape", [target], [node.output[0] + "_size"]))
            node.input[3] = node.output[0] + "_size"
        rewritten.append(node)
    del model.graph.node[:]
    model.graph.node.extend(rewritten)
    used = {name for node in rewritten for name in node.input}
    kept = [t for t in model.graph.initializer if t.name in used]
    del model.graph.initializer[:]
    model.graph.initializer.extend(kept)
    del model.graph.value_info[:]
    onnx.save(model, destination)


def serve():
    request = json.load(sys.stdin)
    params = {key: str(request[key]) for key in ("score", "nms", "size", "model")}
    reference = Reference(params)
    json.dump({path: reference.detect(path) for path in request["images"]}, sys.stdout)


if __name__ == "__main__":
    cv2.setNumThreads(1)
    if sys.argv[1:] == ["--stdin"]:
        serve()
    elif len(sys.argv) == 4 and sys.argv[1] == "--dynamic-export":
        dynamic_export(sys.argv[2], sys.argv[3])
    else:
        reference_check.finish(sum(reference_check.check(path, ("scrfd",), comparison)
                                   for path in reference_check.paths(sys.argv, __doc__)))
