"""Write a FaceBench external detector as one Python function.

    import facebench_plugin

    def detect(request):
        gray = request.gray()              # bytes, request.width x request.height, row-major
        return [facebench_plugin.Face(box=(x, y, w, h), score=s, landmarks=[(lx, ly), ...])]

    facebench_plugin.serve(detect, name="my-detector", version="1.0", landmarks="five")

and run it with `facebench run --detector 'exec:python3 my_detector.py'`.

`serve` speaks FaceBench's `facebench.exec/1` protocol (docs/plugins.md) on stdin and stdout:
it sends the handshake, reads one request per image, calls `detect`, times it (reported as
`inference_ms`), and answers with the faces — or, when `detect` raises, with the exception as
that image's error, so one bad image does not end the program. Faces are checked before they
are sent (finite numbers, box sides >= 0, the declared scheme's point count), so a mistake is
reported against the image that caused it. stdout belongs to the protocol: `print` inside
`detect` goes to stderr instead.

The thread budget FaceBench gives every detector (`--native-threads`) is `native_threads()`;
pass it to your libraries (`cv2.setNumThreads(native_threads())`). OpenMP, OpenBLAS and MKL
read it from the environment by themselves.

No dependencies beyond the standard library. `pip install examples/plugins/python` from a
FaceBench checkout installs it; it also works copied beside your program.
"""

import contextlib
import json
import math
import os
import sys
import time

PROTOCOL = "facebench.exec/1"

__all__ = ["Face", "Request", "serve", "native_threads", "PROTOCOL"]


class Face:
    """One detection: `box` is (x, y, width, height) in pixels, top-left origin."""

    __slots__ = ("box", "score", "landmarks", "attributes")

    def __init__(self, box, score, landmarks=None, attributes=None):
        self.box = box
        self.score = score
        self.landmarks = landmarks
        self.attributes = attributes


class Request:
    """One image to detect faces in, as FaceBench sent it."""

    __slots__ = ("id", "image", "name", "width", "height", "pixels")

    def __init__(self, message):
        self.id = message["id"]
        self.image = message.get("image")  # the file's path (None for images not on disk)
        self.name = message["name"]  # the image's name within its dataset
        self.width = message["width"]
        self.height = message["height"]
        self.pixels = message.get("pixels")  # path of the gray pixels, with input="pixels"

    def gray(self):
        """The gray pixels FaceBench decoded (width x height bytes, row-major), with input="pixels"."""
        if self.pixels is None:
            raise ValueError("no pixels in this request: serve(..., input='pixels') asks FaceBench for them")
        with open(self.pixels, "rb") as file:
            data = file.read()
        if len(data) != self.width * self.height:
            raise ValueError("pixel file holds %d bytes, expected %d x %d" % (len(data), self.width, self.height))
        return data


def native_threads():
    """How many threads one detector call may use (FaceBench's --native-threads; 1 when unset)."""
    try:
        return max(1, int(os.environ.get("FACEBENCH_NATIVE_THREADS", "1")))
    except ValueError:
        return 1


def _number(value, what):
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError("%s must be a number, not %r" % (what, value))
    value = float(value)
    if not math.isfinite(value):
        raise ValueError("%s must be finite, not %r" % (what, value))
    return value


def _face_message(face, index, point_count):
    if isinstance(face, dict):
        face = Face(face.get("box"), face.get("score"), face.get("landmarks"), face.get("attributes"))
    elif not isinstance(face, Face):
        raise ValueError("face %d is a %s: return Face objects or dicts" % (index, type(face).__name__))
    what = "face %d" % index
    box = list(face.box) if face.box is not None else []
    if len(box) != 4:
        raise ValueError("%s: box must be (x, y, width, height)" % what)
    box = [_number(v, "%s: box" % what) for v in box]
    if box[2] < 0 or box[3] < 0:
        raise ValueError("%s: box width and height must be >= 0" % what)
    message = {"box": box, "score": _number(face.score, "%s: score" % what)}
    if face.landmarks is not None:
        points = [[_number(c, "%s: landmarks" % what) for c in point] for point in face.landmarks]
        if any(len(point) != 2 for point in points):
            raise ValueError("%s: landmarks must be (x, y) pairs" % what)
        if point_count is not None and len(points) != point_count:
            raise ValueError("%s: %d landmarks; the declared scheme has %d" % (what, len(points), point_count))
        message["landmarks"] = points
    if face.attributes:
        message["attributes"] = {str(k): v if isinstance(v, (str, int, float, bool)) else str(v) for k, v in face.attributes.items()}
    return message


# Point counts of the schemes FaceBench knows (LandmarkScheme.known); others are refused by
# FaceBench at the handshake, with the list.
SCHEME_POINTS = {"five": 5, "ibug68": 68, "blazeface6": 6, "mitcmu6": 6, "dlib5": 5}


def serve(detect, name, version="", parameters=None, input="pixels", score=None, landmarks=None,
          stdin=None, stdout=None):
    """Answer FaceBench's requests with `detect(request)` until stdin closes.

    name, version, parameters (a dict of settings in effect), score (what the score means)
    and landmarks (the points' scheme by name: "five", "ibug68", …) go into the handshake;
    input is "pixels" (FaceBench writes the gray pixels for request.gray()) or "path" (you
    read request.image yourself).
    """
    if input not in ("pixels", "path"):
        raise ValueError("input must be 'pixels' or 'path'")
    protocol_out = stdout or sys.stdout
    requests = stdin or sys.stdin
    handshake = {"protocol": PROTOCOL, "name": name, "version": str(version), "parameters": parameters or {}, "input": input}
    if score:
        handshake["score"] = score
    if landmarks:
        handshake["landmarks"] = landmarks
    point_count = SCHEME_POINTS.get(landmarks) if landmarks else None

    def send(message):
        protocol_out.write(json.dumps(message) + "\n")
        protocol_out.flush()

    send(handshake)
    for line in requests:
        if not line.strip():
            continue
        message = json.loads(line)
        request = Request(message)
        try:
            with contextlib.redirect_stdout(sys.stderr):
                start = time.perf_counter()
                faces = detect(request)
                elapsed_ms = (time.perf_counter() - start) * 1000
            answer = [_face_message(face, index, point_count) for index, face in enumerate(faces or [])]
        except Exception as error:  # the image fails with the reason; the program goes on
            send({"id": request.id, "error": "%s: %s" % (type(error).__name__, error)})
            continue
        send({"id": request.id, "faces": answer, "inference_ms": elapsed_ms})
