#!/usr/bin/python3
"""OpenCV's Haar cascade in Python as a FaceBench external detector (exec: protocol).

    facebench run --dataset dlib-faces \
        --detector 'exec:/usr/bin/python3 examples/plugins/python-opencv-haar/haar_detector.py'

Speaks facebench.exec/1 (docs/plugins.md): one JSON handshake line, then one JSON response
line per request line read from stdin, until stdin closes. Diagnostics go to stderr, which
FaceBench keeps in <output>/<dataset>/<detector id>.stderr.log.

With the default --input pixels it reads the gray pixels FaceBench decoded (the same
pixels every detector sees); --input path decodes the file itself with cv2.imread, whose
colour-to-gray conversion differs slightly from FaceBench's.

Needs Debian's python3-opencv (/usr/bin/python3) and opencv-data for the cascades.
"""
import argparse
import json
import os
import sys
import time

import cv2
import numpy as np

CASCADE_DIRECTORIES = ["/usr/share/opencv4/haarcascades", "/usr/share/opencv/haarcascades"]


def cascade_path(name):
    if name.endswith(".xml"):
        return name
    for directory in CASCADE_DIRECTORIES:
        candidate = os.path.join(directory, "haarcascade_frontalface_%s.xml" % name)
        if os.path.exists(candidate):
            return candidate
    sys.exit("haar_detector: cascade '%s' not found in %s" % (name, ", ".join(CASCADE_DIRECTORIES)))


def gray_image(request, input_mode):
    if input_mode == "pixels":
        pixels = np.fromfile(request["pixels"], dtype=np.uint8)
        return pixels.reshape(request["height"], request["width"])
    image = cv2.imread(request["image"], cv2.IMREAD_GRAYSCALE)
    if image is None:
        raise ValueError("cv2.imread cannot read %s" % request["image"])
    return image


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cascade", default="default", help="default, alt, alt2, alt_tree or a cascade XML path")
    parser.add_argument("--scale", type=float, default=1.1, help="detectMultiScale scaleFactor")
    parser.add_argument("--neighbors", type=int, default=3, help="detectMultiScale minNeighbors")
    parser.add_argument("--min", type=int, default=0, help="smallest face side in pixels (0: the cascade window)")
    parser.add_argument("--input", choices=["pixels", "path"], default="pixels")
    options = parser.parse_args()

    classifier = cv2.CascadeClassifier(cascade_path(options.cascade))
    if classifier.empty():
        sys.exit("haar_detector: OpenCV could not load the cascade %s" % options.cascade)
    cv2.setNumThreads(1)

    handshake = {
        "protocol": "facebench.exec/1",
        "name": "opencv-haar-python",
        "version": cv2.__version__,
        "parameters": {"cascade": options.cascade, "scale": options.scale,
                       "neighbors": options.neighbors, "min": options.min},
        "input": options.input,
        "score": "level weight: sum of the final cascade stage for the best window (detectMultiScale3)",
    }
    print(json.dumps(handshake), flush=True)

    for line in sys.stdin:
        request = json.loads(line)
        try:
            gray = gray_image(request, options.input)
        except (OSError, ValueError) as error:
            print(json.dumps({"id": request["id"], "error": str(error)}), flush=True)
            continue
        start = time.perf_counter()
        boxes, _, weights = classifier.detectMultiScale3(
            gray, scaleFactor=options.scale, minNeighbors=options.neighbors,
            minSize=(options.min, options.min), outputRejectLevels=True)
        elapsed_ms = (time.perf_counter() - start) * 1000
        faces = [{"box": [int(x), int(y), int(w), int(h)], "score": float(weight)}
                 for (x, y, w, h), weight in zip(boxes, np.ravel(weights))]
        print(json.dumps({"id": request["id"], "faces": faces, "inference_ms": elapsed_ms}), flush=True)


if __name__ == "__main__":
    main()
