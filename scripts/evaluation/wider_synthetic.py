#!/usr/bin/env python3
"""Synthetic WIDER FACE predictions over the real validation ground truth, in the official
prediction layout (<out>/<event>/<image>.txt: image name, box count, `x y w h score` lines).
Deterministic for a seed (Python's `random.Random`, whose sequence is stable across
versions).

Every style mixes jittered detections of real faces (fewer for small faces), misses,
duplicates, false positives and images with no prediction, and writes the lines in shuffled
order (the official reader sorts them; the Python port does not). Styles differ in scores:
  unit       probabilities in [0, 1] with three decimals (many ties and threshold hits)
  counts     neighbour counts 3..60 as integers (Viola-Jones style; all >= 1)
  above-one  full-precision scores in [1.2, 10] (raw confidences; all above 1)
  margins    SVM margins around 0 with full precision (HOG style; negative and positive)
  negative   only negative margins (the official normalisation then never reaches 1)
  crowd      unit scores plus boxes between two overlapping faces that are within IoU 0.5
             of both, closer to the second (the official code takes the first face)
  constant   every score 0.5 (the normalisation divides 0 by 0: no prediction counts)
  benchmark  unit scores, padded with false positives to `per_image` lines per image
With --order sorted, each file lists its boxes by descending score (stable), which isolates
the other differences between the official code and the Python port.

Usage:
  wider_synthetic.py --gt DIR --out DIR [--style unit] [--seed 1] [--events E1,E2] [--per-image 100]
                     [--order shuffled|sorted]
"""

import argparse
import math
import os
import random

import scipy.io

STYLES = ["unit", "counts", "above-one", "margins", "negative", "crowd", "constant", "benchmark"]


def ground_truth(gt_dir, events=None):
    """[(event, image, [(x, y, w, h)])] in the official order."""
    main = scipy.io.loadmat(os.path.join(gt_dir, "wider_face_val.mat"))
    images = []
    for e in range(main["event_list"].shape[0]):
        event = str(main["event_list"][e, 0][0])
        if events is not None and event not in events:
            continue
        files, boxes = main["file_list"][e, 0], main["face_bbx_list"][e, 0]
        for i in range(files.shape[0]):
            images.append((event, str(files[i, 0][0]), [tuple(int(v) for v in row) for row in boxes[i, 0]]))
    return images


def detection_rate(width, height):
    size = math.sqrt(max(width, 1) * max(height, 1))
    return 0.95 if size >= 50 else 0.85 if size >= 20 else 0.55 if size >= 10 else 0.2


def score(rng, style, quality):
    """A score that tends to rise with `quality` in [0, 1]."""
    if style == "constant":
        return "0.5"
    if style == "counts":
        return str(max(3, min(60, int(3 + 57 * quality + rng.gauss(0, 6)))))
    if style == "above-one":
        return repr(max(1.2, min(10.0, 1.5 + 8 * quality + rng.gauss(0, 0.5))))
    if style in ("margins", "negative"):
        margin = 2.5 * quality - 0.8 + rng.gauss(0, 0.4)
        if style == "negative":
            margin = -abs(margin) - 0.05
        return repr(margin)
    return f"{min(1.0, max(0.0, quality + rng.gauss(0, 0.08))):.3f}"


def jitter(rng, box, amount):
    x, y, w, h = box
    w2 = max(1.0, w * math.exp(rng.gauss(0, amount)))
    h2 = max(1.0, h * math.exp(rng.gauss(0, amount)))
    return (x + w / 2 + rng.gauss(0, amount * max(w, 1)) - w2 / 2, y + h / 2 + rng.gauss(0, amount * max(h, 1)) - h2 / 2, w2, h2)


def between(first, second):
    """A box at 30% of the way from the first face to the second (nearer the first in
    position, but the fixtures check which face each one actually matches)."""
    return tuple(a + 0.7 * (b - a) for a, b in zip(first, second))


def iou(a, b):
    ax2, ay2, bx2, by2 = a[0] + a[2], a[1] + a[3], b[0] + b[2], b[1] + b[3]
    w = min(ax2, bx2) - max(a[0], b[0]) + 1
    h = min(ay2, by2) - max(a[1], b[1]) + 1
    if w <= 0 or h <= 0:
        return 0.0
    return w * h / ((a[2] + 1) * (a[3] + 1) + (b[2] + 1) * (b[3] + 1) - w * h)


def predictions(rng, style, faces, per_image, order):
    """Lines `x y w h score` for one image."""
    if rng.random() < 0.03:
        return []
    extent_x = max([x + w for x, y, w, h in faces] + [640]) + 40
    extent_y = max([y + h for x, y, w, h in faces] + [480]) + 40
    lines = []

    def emit(box, quality):
        x, y, w, h = box
        lines.append(f"{x:.2f} {y:.2f} {w:.2f} {h:.2f} {score(rng, style, quality)}")

    for box in faces:
        if rng.random() < detection_rate(box[2], box[3]):
            emit(jitter(rng, box, 0.08), 0.55 + 0.45 * rng.random())
            if rng.random() < 0.1:
                emit(jitter(rng, box, 0.12), 0.3 + 0.5 * rng.random())
    if style == "crowd":
        for i, a in enumerate(faces):
            for b in faces[i + 1:]:
                if iou(a, b) > 0.4:
                    for first, second in ((a, b), (b, a)):
                        box = between(first, second)
                        if iou(box, first) >= 0.5 and iou(box, second) >= 0.5:
                            emit(box, 0.9)
                            x, y, w, h = box
                            lines.append(f"{x + 0.5:.1f} {y - 0.5:.1f} {w:.1f} {h:.1f} {score(rng, style, 0.95)}")
    false_positives = rng.randint(0, 6)
    if style == "benchmark":
        false_positives = max(0, per_image - len(lines))
    for _ in range(false_positives):
        size = math.exp(rng.uniform(math.log(6), math.log(220)))
        emit((rng.uniform(0, extent_x - size), rng.uniform(0, extent_y - size), size, size * rng.uniform(0.9, 1.4)), 0.45 * rng.random())
    rng.shuffle(lines)
    if order == "sorted":
        lines.sort(key=lambda line: -float(line.split()[4]))
    return lines


def write(gt_dir, out, style, seed, events=None, per_image=100, order="shuffled"):
    rng = random.Random(f"{style}-{seed}")
    count = 0
    for event, image, faces in ground_truth(gt_dir, events):
        lines = predictions(rng, style, faces, per_image, order)
        os.makedirs(os.path.join(out, event), exist_ok=True)
        with open(os.path.join(out, event, image + ".txt"), "w") as f:
            f.write(image + "\n" + str(len(lines)) + "\n" + "".join(line + "\n" for line in lines))
        count += len(lines)
    return count


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--gt", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--style", choices=STYLES, default="unit")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--events")
    parser.add_argument("--per-image", type=int, default=100)
    parser.add_argument("--order", choices=["shuffled", "sorted"], default="shuffled")
    args = parser.parse_args()
    events = set(args.events.split(",")) if args.events else None
    count = write(args.gt, args.out, args.style, args.seed, events, args.per_image, args.order)
    print(f"{count} predictions -> {args.out}")


if __name__ == "__main__":
    main()
