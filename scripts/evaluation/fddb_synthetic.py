#!/usr/bin/env python3
"""Synthetic detections over FDDB's real ground truth, in FDDB's detection-file layout
(image name, region count, one region per line). Deterministic for a seed.

Faces are found with a probability that grows with their size; a found face gets a box
around its ellipse (detectors' boxes are squarer and a little tighter than the ellipse),
jittered, sometimes a second (duplicate) box; each image also gets a few false positives,
and some images get no detection at all. Styles:
  unit      rectangles, scores in [0, 1] with three decimals (ties across images)
  margins   rectangles, full-precision scores around 0 (almost every score distinct)
  ellipses  ellipse regions (`ra rb angle cx cy score`), unit scores
  crowd     unit rectangles plus, for faces close together, boxes spanning both

  fddb_synthetic.py --folds DIR [--fold-list 1,2] --out FILE [--style unit] [--seed 1] [--per-image 0]
With --per-image N, false positives pad each image to N regions (benchmark workloads).
"""
import argparse
import math
import os
import random


def read_truth(folds, fold_list):
    images = []
    for fold in fold_list:
        lines = open(os.path.join(folds, f"FDDB-fold-{fold:02d}-ellipseList.txt")).read().split("\n")
        k = 0
        while k < len(lines) and lines[k].strip():
            count = int(lines[k + 1])
            faces = [[float(v) for v in lines[j].split()[:5]] for j in range(k + 2, k + 2 + count)]
            images.append((lines[k].strip(), faces))
            k += 2 + count
    return images


def ellipse_box(ra, rb, theta, cx, cy):
    c, s = math.cos(theta), math.sin(theta)
    half_w = math.sqrt((ra * c) ** 2 + (rb * s) ** 2)
    half_h = math.sqrt((ra * s) ** 2 + (rb * c) ** 2)
    return cx - half_w, cy - half_h, 2 * half_w, 2 * half_h


def score(rng, style, quality):
    if style == "margins":
        return repr(2.5 * quality - 1 + rng.gauss(0, 0.3))
    return f"{min(1.0, max(0.0, quality + rng.gauss(0, 0.1))):.3f}"


def regions(rng, style, faces, per_image):
    if rng.random() < 0.04:
        return []
    out = []
    extent = max([cx + ra for ra, rb, t, cx, cy in faces] + [400])
    for ra, rb, theta, cx, cy in faces:
        if rng.random() > (0.95 if rb > 40 else 0.8 if rb > 20 else 0.5):
            continue
        for copy in range(2 if rng.random() < 0.12 else 1):
            quality = (0.5 + 0.5 * rng.random()) * (0.8 if copy else 1)
            if style == "ellipses":
                out.append(f"{ra * rng.uniform(0.85, 1.15):.3f} {rb * rng.uniform(0.85, 1.15):.3f} {theta + rng.gauss(0, 0.1):.4f} "
                           f"{cx + rng.gauss(0, 0.08 * rb):.3f} {cy + rng.gauss(0, 0.08 * ra):.3f} {score(rng, style, quality)}")
                continue
            x, y, w, h = ellipse_box(ra, rb, theta, cx, cy)
            shrink = rng.uniform(0.8, 1.05)
            w2, h2 = w * shrink, h * shrink * rng.uniform(0.8, 0.95)
            x2 = x + (w - w2) / 2 + rng.gauss(0, 0.06 * w)
            y2 = y + (h - h2) / 2 + rng.gauss(0, 0.06 * h)
            out.append(f"{x2:.2f} {y2:.2f} {w2:.2f} {h2:.2f} {score(rng, style, quality)}")
    if style == "crowd":
        for i, a in enumerate(faces):
            for b in faces[i + 1:]:
                if math.hypot(a[3] - b[3], a[4] - b[4]) < 2.5 * (a[1] + b[1]):
                    ax, ay, aw, ah = ellipse_box(*a)
                    bx, by, bw, bh = ellipse_box(*b)
                    left, top = min(ax, bx), min(ay, by)
                    out.append(f"{left:.2f} {top:.2f} {max(ax + aw, bx + bw) - left:.2f} {max(ay + ah, by + bh) - top:.2f} {score(rng, style, 0.7)}")
    false_positives = rng.randint(0, 4) if per_image == 0 else max(0, per_image - len(out))
    for _ in range(false_positives):
        size = math.exp(rng.uniform(math.log(12), math.log(160)))
        out.append(f"{rng.uniform(0, extent):.2f} {rng.uniform(0, extent * 0.8):.2f} {size:.2f} {size * 1.2:.2f} {score(rng, style, 0.4 * rng.random())}")
    rng.shuffle(out)
    return out


def write(folds, fold_list, out, style, seed, per_image=0):
    rng = random.Random(f"fddb-{style}-{seed}")
    count = 0
    with open(out, "w") as f:
        for name, faces in read_truth(folds, fold_list):
            lines = regions(rng, style, faces, per_image)
            f.write(f"{name}\n{len(lines)}\n" + "".join(line + "\n" for line in lines))
            count += len(lines)
    return count


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--folds", required=True)
    parser.add_argument("--fold-list", default="1,2,3,4,5,6,7,8,9,10")
    parser.add_argument("--out", required=True)
    parser.add_argument("--style", choices=["unit", "margins", "ellipses", "crowd"], default="unit")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--per-image", type=int, default=0)
    args = parser.parse_args()
    count = write(args.folds, [int(f) for f in args.fold_list.split(",")], args.out, args.style, args.seed, args.per_image)
    print(f"{count} detections -> {args.out}")


if __name__ == "__main__":
    main()
