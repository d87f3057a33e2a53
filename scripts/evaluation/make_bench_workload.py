#!/usr/bin/env python3
"""Writes the WIDER-validation-sized evaluation workload of `facebench bench-eval`:
gt.coco.json (3,226 images, 39,708 faces from wider_face_val_bbx_gt.txt) and
results.coco.json (about 100 synthetic detections per image, ~30 MB), deterministic for a
seed. Boxes have two decimals and scores six, as detectors' JSON exports usually do.

  make_bench_workload.py --wider-gt ../shared/datasets/wider-val-gt/wider_face_val_bbx_gt.txt --out DIR [--seed 1]
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import synthetic  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--wider-gt", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    images = synthetic.read_wider_txt(args.wider_gt)
    images, detections = synthetic.synthesize(images, args.seed, "benchmark")
    os.makedirs(args.out, exist_ok=True)
    synthetic.write_json(synthetic.coco_ground_truth(images), os.path.join(args.out, "gt.coco.json"))
    synthetic.write_json(synthetic.coco_results(detections), os.path.join(args.out, "results.coco.json"))
    faces = sum(len(image.faces) for image in images)
    print(f"{len(images)} images, {faces} faces, {len(detections)} detections -> {args.out}")


if __name__ == "__main__":
    main()
