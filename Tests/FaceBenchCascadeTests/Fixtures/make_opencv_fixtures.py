#!/usr/bin/python3
"""Writes opencv_reference.json: what OpenCV 4 (python3-opencv) computes for the building blocks
the pure-Swift cascade engine reproduces: the bit-exact bilinear resize detectMultiScale uses
(INTER_LINEAR_EXACT), the integral images (sum, squared sum, tilted sum) and groupRectangles.

Run with Debian's python3 (it has cv2): /usr/bin/python3 make_opencv_fixtures.py
"""
import json
import os

import cv2
import numpy as np


def source_image(width, height):
    # A smooth gradient with a deterministic texture, so every interpolation weight matters.
    y, x = np.mgrid[0:height, 0:width]
    return ((x * 7 + y * 5 + (x * y * 13) % 29 * 3 + (x * x + 3 * y) % 11 * 5) % 256).astype(np.uint8)


def main():
    image = source_image(52, 40)
    resize = []
    for width, height in [(47, 36), (43, 33), (26, 20), (31, 17), (20, 20), (51, 39)]:
        out = cv2.resize(image, (width, height), interpolation=cv2.INTER_LINEAR_EXACT)
        resize.append({"width": width, "height": height, "pixels": out.flatten().tolist()})

    small = source_image(9, 7)
    total, squares, tilted = cv2.integral3(small, sdepth=cv2.CV_32S, sqdepth=cv2.CV_64F)

    rng = np.random.default_rng(20240611)
    grouping = []
    for case in range(6):
        rects = []
        for _ in range(int(rng.integers(3, 7))):  # clusters of jittered windows around a few faces
            cx, cy, side = int(rng.integers(0, 300)), int(rng.integers(0, 300)), int(rng.integers(20, 90))
            for _ in range(int(rng.integers(1, 9))):
                s = max(10, side + int(rng.integers(-6, 7)))
                rects.append([cx + int(rng.integers(-5, 6)), cy + int(rng.integers(-5, 6)), s, s])
        # A small window inside a large face, which groupRectangles drops.
        rects += [[rects[0][0] + 4, rects[0][1] + 4, 12, 12]] * 2
        for threshold in (1, 3):
            grouped, weights = cv2.groupRectangles(rects, threshold, 0.2)
            grouping.append({"rects": rects, "minNeighbors": threshold,
                             "grouped": [list(map(int, r)) for r in grouped],
                             "neighbors": [int(w) for w in np.array(weights).flatten()]})

    fixture = {
        "opencv": cv2.__version__,
        "resize": {"width": 52, "height": 40, "pixels": image.flatten().tolist(), "outputs": resize},
        "integral": {"width": 9, "height": 7, "pixels": small.flatten().tolist(),
                     "sum": total.flatten().tolist(), "squares": squares.astype(np.int64).flatten().tolist(),
                     "tilted": tilted.flatten().tolist()},
        "grouping": grouping,
    }
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "opencv_reference.json")
    with open(path, "w") as f:
        json.dump(fixture, f, separators=(",", ":"))
        f.write("\n")


if __name__ == "__main__":
    main()
