#!/usr/bin/python3
"""Pixel overlaps between FDDB faces and detections, drawn with OpenCV as FDDB's evaluation
toolkit draws them (EllipseR::display, RectangleR::display). Needs cv2 (Debian's
python3-opencv: run with /usr/bin/python3). Written for FaceBench from the toolkit's
published behaviour; no toolkit code.

  * ellipse `ra rb theta cx cy`: cvEllipse at centre cvPointFrom32f(cx, cy) (to float, then
    rounded half to even), semi-axes (int)ra, (int)rb, angle 180 - (pi - theta) * 180 / pi,
    0..360 degrees, filled;
  * rectangle `x y w h`: cvRectangle from cvPointFrom32f(x, y) to cvPointFrom32f(x + w, y + h),
    filled.
The toolkit draws into image-sized masks; the images are not available here, so shapes are
clipped only to non-negative coordinates (on a canvas covering all of an image's shapes)
unless --sizes gives `name width height` lines.

Output (JSON lines, one per image in fold order): name, face count, detection scores, and
for every face/detection pair the intersection and union pixel counts.

  /usr/bin/python3 fddb_overlaps.py --folds DIR [--fold-list 1,2] --detections FILE [--sizes FILE] --out FILE
"""
import argparse
import json
import math
import os

import cv2
import numpy as np


def read_regions(lines, start, count):
    return [[float(v) for v in lines[k].split()] for k in range(start, start + count)]


def read_list(path):
    """[(name, [numbers per region])] of an FDDB ellipse list or detection file."""
    lines = open(path).read().split("\n")
    images, k = [], 0
    while k < len(lines):
        if not lines[k].strip():
            k += 1
            continue
        name, count = lines[k].strip(), int(lines[k + 1])
        images.append((name, read_regions(lines, k + 2, count)))
        k += 2 + count
    return images


def round_float(value):
    return int(np.rint(np.float32(value)))


def shape(numbers):
    """('ellipse', cx, cy, ax, ay, angle) or ('rect', x1, y1, x2, y2) in toolkit pixels."""
    if len(numbers) == 6:
        ra, rb, theta, cx, cy = numbers[:5]
        return ("ellipse", round_float(cx), round_float(cy), int(ra), int(rb), 180 - (math.pi - theta) * 180 / math.pi)
    x, y, w, h = numbers[:4]
    return ("rect", round_float(x), round_float(y), round_float(x + w), round_float(y + h))


def extent(s):
    if s[0] == "ellipse":
        reach = max(abs(s[3]), abs(s[4])) + 3
        return s[1] - reach, s[2] - reach, s[1] + reach, s[2] + reach
    return min(s[1], s[3]) - 2, min(s[2], s[4]) - 2, max(s[1], s[3]) + 2, max(s[2], s[4]) + 2


def draw(s, canvas_shape, ox, oy):
    mask = np.zeros(canvas_shape, np.uint8)
    if s[0] == "ellipse":
        cv2.ellipse(mask, (s[1] + ox, s[2] + oy), (s[3], s[4]), s[5], 0, 360, 1, -1)
    else:
        cv2.rectangle(mask, (s[1] + ox, s[2] + oy), (s[3] + ox, s[4] + oy), 1, -1)
    return mask.astype(bool)


def overlaps(face_shapes, detection_shapes, size):
    shapes = face_shapes + detection_shapes
    if not face_shapes or not detection_shapes:
        return [], []
    boxes = [extent(s) for s in shapes]
    left, top = min(b[0] for b in boxes), min(b[1] for b in boxes)
    right, bottom = max(b[2] for b in boxes), max(b[3] for b in boxes)
    ox, oy = -left, -top
    canvas = (bottom - top + 1, right - left + 1)
    faces = [draw(s, canvas, ox, oy) for s in face_shapes]
    detections = [draw(s, canvas, ox, oy) for s in detection_shapes]
    # The image's extent, as the toolkit's masks; without its size, x >= 0 and y >= 0.
    inside = np.zeros(canvas, bool)
    x0, y0 = max(0, ox), max(0, oy)
    x1, y1 = (min(canvas[1], ox + size[0]), min(canvas[0], oy + size[1])) if size else (canvas[1], canvas[0])
    if x0 < x1 and y0 < y1:
        inside[y0:y1, x0:x1] = True
    faces = [m & inside for m in faces]
    detections = [m & inside for m in detections]
    inter = [[int(np.count_nonzero(f & d)) for d in detections] for f in faces]
    union = [[int(np.count_nonzero(f | d)) for d in detections] for f in faces]
    return inter, union


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--folds", required=True)
    parser.add_argument("--fold-list", default="1,2,3,4,5,6,7,8,9,10")
    parser.add_argument("--detections", required=True)
    parser.add_argument("--sizes")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    truth = []
    for fold in (int(f) for f in args.fold_list.split(",")):
        truth += read_list(os.path.join(args.folds, f"FDDB-fold-{fold:02d}-ellipseList.txt"))
    found = dict(read_list(args.detections))
    sizes = {}
    if args.sizes:
        for line in open(args.sizes):
            name, width, height = line.split()
            sizes[name] = (int(width), int(height))
    with open(args.out, "w") as out:
        for name, faces in truth:
            regions = found.get(name, [])
            face_shapes = [shape(numbers[:5] + [0.0]) for numbers in faces]
            detection_shapes = [shape(numbers) for numbers in regions]
            inter, union = overlaps(face_shapes, detection_shapes, sizes.get(name))
            out.write(json.dumps({"image": name, "faces": len(faces), "scores": [numbers[-1] for numbers in regions],
                                  "intersection": inter, "union": union}) + "\n")


if __name__ == "__main__":
    main()
