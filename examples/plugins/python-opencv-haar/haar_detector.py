#!/usr/bin/python3
"""OpenCV's Haar cascade in Python as a FaceBench external detector (exec: protocol).

    facebench run --dataset dlib-faces \
        --detector 'exec:/usr/bin/python3 examples/plugins/python-opencv-haar/haar_detector.py'

A detector is one function served by facebench_plugin (examples/plugins/python), which
speaks facebench.exec/1 (docs/plugins.md): the handshake, one answer per image, errors,
timing. Diagnostics go to stderr, which FaceBench keeps in
<output>/<dataset>/<detector id>.stderr.log.

With the default --input pixels it reads the gray pixels FaceBench decoded (the same
pixels every detector sees); --input path decodes the file itself with cv2.imread, whose
colour-to-gray conversion differs slightly from FaceBench's.

Needs Debian's python3-opencv (/usr/bin/python3) and opencv-data for the cascades.
"""
import argparse
import os
import sys

import cv2
import numpy as np

try:
    import facebench_plugin
except ImportError:  # not pip-installed: the module beside this example in the checkout
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
    import facebench_plugin

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
        return np.frombuffer(request.gray(), dtype=np.uint8).reshape(request.height, request.width)
    image = cv2.imread(request.image, cv2.IMREAD_GRAYSCALE)
    if image is None:
        raise ValueError("cv2.imread cannot read %s" % request.image)
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
    cv2.setNumThreads(facebench_plugin.native_threads())

    def detect(request):
        boxes, _, weights = classifier.detectMultiScale3(
            gray_image(request, options.input), scaleFactor=options.scale, minNeighbors=options.neighbors,
            minSize=(options.min, options.min), outputRejectLevels=True)
        return [facebench_plugin.Face(box=(int(x), int(y), int(w), int(h)), score=float(weight))
                for (x, y, w, h), weight in zip(boxes, np.ravel(weights))]

    facebench_plugin.serve(
        detect, name="opencv-haar-python", version=cv2.__version__,
        parameters={"cascade": options.cascade, "scale": options.scale, "neighbors": options.neighbors, "min": options.min},
        input=options.input,
        score="level weight: sum of the final cascade stage for the best window (detectMultiScale3)")


if __name__ == "__main__":
    main()
