#!/usr/bin/python3
"""Pixel fixtures for OpenCVFillTests, drawn by OpenCV itself (Debian's python3-opencv: run
with /usr/bin/python3). Each shape is drawn filled (thickness -1, LINE_8) on a blank canvas
and summarised by exact pixel moments: count, sum of x, sum of y, sum of x*x, y*y, x*y, and
its bounding box. Shapes:
  * FDDB ground-truth ellipses of one fold, converted exactly as the FDDB toolkit does before
    cvEllipse (centre rounded via float, semi-axes truncated, angle 180 - (pi - t) * 180 / pi
    degrees); only each face's position in the fold is stored (the test reads the annotation
    from ../shared/datasets and converts it with FDDBRegions);
  * random ellipses (semi-axes 0..150, including the 3/10/15 pixel switches of the polygon
    step, angles -720..720 in half degrees) and random rectangles (corners in any order).
Shapes are drawn on a canvas just large enough, shifted by whole pixels; the moments are
given in the shapes' own coordinates.

  /usr/bin/python3 Tests/Fixtures/FDDB/rasterize.py --folds ../shared/datasets/fddb-folds [--fold 1]
"""
import argparse
import json
import math
import os
import random

import cv2
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))


def moments(mask, offset_x, offset_y):
    ys, xs = np.nonzero(mask)
    xs = xs.astype(np.int64) - offset_x
    ys = ys.astype(np.int64) - offset_y
    if len(xs) == 0:
        return [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    return [int(len(xs)), int(xs.sum()), int(ys.sum()), int((xs * xs).sum()), int((ys * ys).sum()), int((xs * ys).sum()),
            int(xs.min()), int(ys.min()), int(xs.max()), int(ys.max())]


def draw_ellipse(cx, cy, ax, ay, angle):
    reach = max(abs(ax), abs(ay)) + 6
    size = 2 * reach + 1
    canvas = np.zeros((size, size), np.uint8)
    ox, oy = reach - cx, reach - cy
    cv2.ellipse(canvas, (cx + ox, cy + oy), (ax, ay), angle, 0, 360, 1, -1)
    return moments(canvas, ox, oy)


def draw_rectangle(x1, y1, x2, y2):
    left, top = min(x1, x2) - 3, min(y1, y2) - 3
    canvas = np.zeros((abs(y2 - y1) + 7, abs(x2 - x1) + 7), np.uint8)
    cv2.rectangle(canvas, (x1 - left, y1 - top), (x2 - left, y2 - top), 1, -1)
    return moments(canvas, -left, -top)


def toolkit_ellipse(ra, rb, theta, cx, cy):
    """EllipsesSingleImage::read and EllipseR::display: the arguments cvEllipse receives."""
    t = (math.pi - theta) * 180 / math.pi
    center = (int(np.rint(np.float32(cx))), int(np.rint(np.float32(cy))))
    return center[0], center[1], int(ra), int(rb), 180 - t


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--folds", required=True)
    parser.add_argument("--fold", type=int, default=1)
    parser.add_argument("--random", type=int, default=1500)
    args = parser.parse_args()
    annotated, ellipses, rectangles = [], [], []
    lines = open(os.path.join(args.folds, f"FDDB-fold-{args.fold:02d}-ellipseList.txt")).read().split("\n")
    k = 0
    while k < len(lines) and lines[k].strip():
        count = int(lines[k + 1])
        for line in lines[k + 2:k + 2 + count]:
            ra, rb, theta, cx, cy = (float(v) for v in line.split()[:5])
            cx_, cy_, ax, ay, angle = toolkit_ellipse(ra, rb, theta, cx, cy)
            # Only the position in the fold file is kept: the test reads the annotation itself.
            annotated.append({"face": len(annotated), "pixels": draw_ellipse(cx_, cy_, ax, ay, angle)})
        k += 2 + count
    rng = random.Random(7)
    special = [0, 1, 2, 3, 9, 10, 14, 15, 16]
    for _ in range(args.random):
        ax = rng.choice(special) if rng.random() < 0.3 else rng.randint(0, 150)
        ay = rng.choice(special) if rng.random() < 0.3 else rng.randint(0, 150)
        angle = rng.randint(-1440, 1440) / 2 if rng.random() < 0.5 else rng.uniform(-720, 720)
        cx, cy = rng.randint(-300, 1200), rng.randint(-300, 1200)
        ellipses.append({"center": [cx, cy], "axes": [ax, ay], "angle": angle, "pixels": draw_ellipse(cx, cy, ax, ay, angle)})
    for _ in range(300):
        x1, y1 = rng.randint(-50, 500), rng.randint(-50, 500)
        x2, y2 = x1 + rng.randint(-40, 200), y1 + rng.randint(-40, 200)
        rectangles.append({"corners": [x1, y1, x2, y2], "pixels": draw_rectangle(x1, y1, x2, y2)})
    with open(os.path.join(HERE, "rasterization.json"), "w") as f:
        json.dump({"generator": "Tests/Fixtures/FDDB/rasterize.py", "opencv": cv2.__version__,
                   "moments": "count, sum x, sum y, sum x*x, sum y*y, sum x*y, min x, min y, max x, max y",
                   "annotated_fold": args.fold, "annotated": annotated, "ellipses": ellipses, "rectangles": rectangles},
                  f, separators=(",", ":"))
        f.write("\n")
    print(len(annotated), "annotated ellipses,", len(ellipses), "random ellipses,", len(rectangles), "rectangles")


if __name__ == "__main__":
    main()
