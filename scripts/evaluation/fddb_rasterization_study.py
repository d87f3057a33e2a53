#!/usr/bin/python3
"""How far FDDB's pixel-mask overlaps (what the toolkit and FaceBench compute) are from the
overlap of the continuous shapes, over the real FDDB annotations. Needs cv2 and numpy
(/usr/bin/python3 on Debian).

For every annotated ellipse (every --stride-th one), a detection rectangle is made the way fddb_synthetic.py makes
them (jittered, a little tighter than the ellipse's box); the overlap is computed
  * as the toolkit does: OpenCV masks (rounded centre, truncated axes, whole-degree angle,
    polygonal outline) — FaceBench reproduces these pixels exactly;
  * analytically: the true ellipse and rectangle, by 8 x 8 supersampling of every pixel.
It prints the mean and largest differences, how often the discrete decision (> 0.5) flips,
and how many annotations reach past the top or left image border (where the toolkit clips
and FaceBench, without the images, cannot).

  /usr/bin/python3 fddb_rasterization_study.py --folds DIR [--seed 1] [--stride 4]
"""
import argparse
import math
import os
import random
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fddb_overlaps  # noqa: E402
import fddb_synthetic  # noqa: E402


def analytic_overlap(ellipse, rect, samples=8):
    ra, rb, theta, cx, cy = ellipse
    x, y, w, h = rect
    reach = max(ra, rb) + 2
    left, top = math.floor(min(cx - reach, x)), math.floor(min(cy - reach, y))
    right, bottom = math.ceil(max(cx + reach, x + w)), math.ceil(max(cy + reach, y + h))
    step = 1.0 / samples
    xs = left + (np.arange((right - left) * samples) + 0.5) * step
    ys = top + (np.arange((bottom - top) * samples) + 0.5) * step
    gx, gy = np.meshgrid(xs, ys)
    c, s = math.cos(theta), math.sin(theta)
    u = (gx - cx) * c + (gy - cy) * s
    v = -(gx - cx) * s + (gy - cy) * c
    inside_ellipse = (u / ra) ** 2 + (v / rb) ** 2 <= 1
    inside_rect = (gx >= x) & (gx < x + w) & (gy >= y) & (gy < y + h)
    inter = np.count_nonzero(inside_ellipse & inside_rect)
    union = np.count_nonzero(inside_ellipse | inside_rect)
    return inter / union if union else 0.0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--folds", required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--stride", type=int, default=4)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    differences, flips, pairs, clipped, index = [], 0, 0, 0, 0
    for name, faces in fddb_synthetic.read_truth(args.folds, range(1, 11)):
        for face in faces:
            ra, rb, theta, cx, cy = face
            bx, by, bw, bh = fddb_synthetic.ellipse_box(ra, rb, theta, cx, cy)
            if bx < 0 or by < 0:
                clipped += 1
            index += 1
            if (index - 1) % args.stride:
                continue
            shrink = rng.uniform(0.8, 1.05)
            w, h = bw * shrink, bh * shrink * rng.uniform(0.8, 0.95)
            rect = (bx + (bw - w) / 2 + rng.gauss(0, 0.06 * bw), by + (bh - h) / 2 + rng.gauss(0, 0.06 * bh), w, h)
            inter, union = fddb_overlaps.overlaps([fddb_overlaps.shape(list(face) + [1.0])], [fddb_overlaps.shape(list(rect) + [1.0])], None)
            toolkit = inter[0][0] / union[0][0]
            exact = analytic_overlap(face, rect)
            differences.append(toolkit - exact)
            flips += (toolkit > 0.5) != (exact > 0.5)
            pairs += 1
    d = np.array(differences)
    print(f"{pairs} face/rectangle pairs (every {args.stride}th annotation of all 10 folds)")
    print(f"toolkit mask overlap - analytic overlap: mean {d.mean():+.4f}, mean |.| {np.abs(d).mean():.4f}, "
          f"95th percentile |.| {np.percentile(np.abs(d), 95):.4f}, max |.| {np.abs(d).max():.4f}")
    print(f"discrete decision (> 0.5) differs for {flips} pairs ({100 * flips / pairs:.2f}%)")
    print(f"{clipped} annotated ellipses reach past the left or top image border (the toolkit clips them; unclipped here)")


if __name__ == "__main__":
    main()
