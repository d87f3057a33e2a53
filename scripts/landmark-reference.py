#!/usr/bin/env python3
"""Recomputes the `landmarks` protocol of a FaceBench run from its exported files, with numpy.

Reads a dataset folder of a run (gt.coco.json, DETECTOR.keypoints.coco.json, results.json),
re-does the box matching and every landmark number from the COCO files alone, and compares
them with detectors[].evaluation.landmarks in results.json. Written from the protocol's
definition in docs/evaluation.md, not from FaceBench's Swift code.

Usage: landmark-reference.py RUN/DATASET [--tolerance 1e-9]
Prints one line per detector and number checked; exits 1 when any differs by more than the
tolerance, 2 on unusable input.
"""
import argparse
import json
import os
import sys

import numpy as np

# Per scheme: how the five shared points (subject's right eye centre, left eye centre, nose
# tip, right mouth corner, left mouth corner) are made, as lists of 0-based indices to
# average, None where the scheme lacks the point. From the issue and docs/evaluation.md.
COMMON_FIVE = {
    "five": [[0], [1], [2], [3], [4]],
    "ibug68": [list(range(36, 42)), list(range(42, 48)), [30], [48], [54]],
    "blazeface6": [[0], [1], [2], None, None],
    "mitcmu6": [[0], [1], [2], [3], [5]],
    "dlib5": [[2, 3], [0, 1], None, None, None],
    # The face APIs' schemes (docs/evaluation.md): ML Kit's RIGHT_EYE, LEFT_EYE, MOUTH_RIGHT and
    # MOUTH_LEFT (subject's sides; NOSE_BASE is not the tip); Cloud Vision's LEFT_EYE, RIGHT_EYE,
    # NOSE_TIP, MOUTH_LEFT, MOUTH_RIGHT (viewer's sides); Vision's reduced points.
    "mlkit": [[8], [3], None, [9], [4]],
    "cloudvision": [[0], [1], [7], [10], [11]],
    "vision": [[0], [1], None, [3], [4]],
}
FIVE_NAMES = ["right_eye", "left_eye", "nose_tip", "right_mouth_corner", "left_mouth_corner"]
HEIGHT_BUCKETS = [(0, 16), (16, 32), (32, 64), (64, 128), (128, np.inf)]
THRESHOLDS = ["0.08", "0.10"]


def iou(a, b):
    ax2, ay2, bx2, by2 = a[0] + a[2], a[1] + a[3], b[0] + b[2], b[1] + b[3]
    w = min(ax2, bx2) - max(a[0], b[0])
    h = min(ay2, by2) - max(a[1], b[1])
    if w <= 0 or h <= 0:
        return 0.0
    inter = w * h
    return inter / (a[2] * a[3] + b[2] * b[3] - inter)


def greedy_pairs(dets, faces, threshold):
    """Face index -> detection index: detections by descending score (stable), each taking
    the not-ignored unmatched face of highest IoU at the threshold (the first of equals)."""
    order = sorted(range(len(dets)), key=lambda d: -dets[d]["score"])
    taken = {}
    for d in order:
        best, best_iou = None, threshold
        for f, face in enumerate(faces):
            value = iou(dets[d]["bbox"], face["bbox"])
            if value < threshold or face.get("ignore", 0) or face.get("iscrowd", 0) or f in taken:
                continue
            if best is None or value > best_iou:
                best, best_iou = f, value
        if best is not None:
            taken[best] = d
    return taken


def shared_points(points, scheme, other):
    """The points both schemes have: natively when equal, else the common five both define."""
    p = np.asarray(points, dtype=np.float64).reshape(-1, 3)[:, :2]
    if scheme == other:
        return p
    out = []
    for k in range(5):
        if COMMON_FIVE[scheme][k] is not None and COMMON_FIVE[other][k] is not None:
            out.append(p[COMMON_FIVE[scheme][k]].mean(axis=0))
    return np.array(out)


def normaliser(gt_points, scheme):
    p = np.asarray(gt_points, dtype=np.float64).reshape(-1, 3)[:, :2]
    if scheme == "ibug68":
        return float(np.linalg.norm(p[36] - p[45]))
    right, left = COMMON_FIVE[scheme][0], COMMON_FIVE[scheme][1]
    return float(np.linalg.norm(p[right].mean(axis=0) - p[left].mean(axis=0)))


def recompute(gt, dets, det_scheme, threshold):
    gt_scheme = gt["info"]["landmark_scheme"]
    faces_by_image, dets_by_image = {}, {}
    for a in gt["annotations"]:
        faces_by_image.setdefault(a["image_id"], []).append(a)
    for a in dets["annotations"]:
        dets_by_image.setdefault(a["image_id"], []).append(a)
    nmes, heights, point_errors, without = [], [], [], 0
    for image in sorted(faces_by_image):
        faces = faces_by_image[image]
        pairs = greedy_pairs(dets_by_image.get(image, []), faces, threshold)
        for f, face in enumerate(faces):
            if face.get("ignore", 0) or face.get("iscrowd", 0) or "keypoints" not in face or f not in pairs:
                continue
            det = dets_by_image[image][pairs[f]]
            if "keypoints" not in det:
                without += 1
                continue
            truth = shared_points(face["keypoints"], gt_scheme, det_scheme)
            predicted = shared_points(det["keypoints"], det_scheme, gt_scheme)
            errors = np.linalg.norm(predicted - truth, axis=1) / normaliser(face["keypoints"], gt_scheme)
            nmes.append(errors.mean())
            heights.append(face["bbox"][3])
            point_errors.append(errors)
    nmes, heights = np.array(nmes), np.array(heights)
    numbers = {"faces_scored": len(nmes), "faces_without_landmarks": without}
    if len(nmes):
        numbers["nme.mean"] = nmes.mean()
        numbers["nme.median"] = np.median(nmes)
        for t in THRESHOLDS:
            numbers[f"failure_rate.{t}"] = float(np.mean(nmes > float(t)))
            # AUC of the CED on [0, t] over t, by numerical integration of the step curve on a
            # fine grid refined at every face's NME (exact for a step function).
            grid = np.unique(np.concatenate([[0.0, float(t)], nmes[nmes < float(t)]]))
            ced = np.array([np.mean(nmes <= x) for x in grid[:-1]])
            numbers[f"auc.{t}"] = float(np.sum(ced * np.diff(grid)) / float(t))
        errors = np.vstack(point_errors)
        for k in range(errors.shape[1]):
            numbers[f"per_point[{k}]"] = errors[:, k].mean()
        for lower, upper in HEIGHT_BUCKETS:
            inside = nmes[(heights >= lower) & (heights < upper)]
            numbers[f"by_size[{lower}]"] = inside.mean() if len(inside) else None
    return numbers


def reported(result):
    numbers = {"faces_scored": result["faces_scored"], "faces_without_landmarks": result["faces_without_landmarks"]}
    if result["faces_scored"]:
        numbers["nme.mean"] = result["nme"]["mean"]
        numbers["nme.median"] = result["nme"]["median"]
        for t in THRESHOLDS:
            numbers[f"failure_rate.{t}"] = result["failure_rate"][t]
            numbers[f"auc.{t}"] = result["auc"][t]
        for k, point in enumerate(result["per_point"]):
            numbers[f"per_point[{k}]"] = point["mean_error"]
        for bucket in result["by_size"]:
            numbers[f"by_size[{int(bucket['lower'])}]"] = bucket["nme_mean"]
    return numbers


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder")
    parser.add_argument("--tolerance", type=float, default=1e-9)
    args = parser.parse_args()
    try:
        with open(os.path.join(args.folder, "results.json")) as f:
            results = json.load(f)
        with open(os.path.join(args.folder, "gt.coco.json")) as f:
            gt = json.load(f)
    except (OSError, ValueError) as error:
        print(f"landmark-reference: {error}", file=sys.stderr)
        return 2
    threshold = results["settings"]["iou_threshold"]
    worst, checked = 0.0, 0
    for detector in results["detectors"]:
        result = detector.get("evaluation", {}).get("landmarks")
        if not result or not result.get("detector_scheme"):
            continue
        path = os.path.join(args.folder, detector["id"] + ".keypoints.coco.json")
        with open(path) as f:
            dets = json.load(f)
        mine = recompute(gt, dets, dets["info"]["landmark_scheme"], result["iou_threshold"])
        theirs = reported(result)
        if mine.keys() != theirs.keys():
            print(f"{detector['id']}: numbers differ in kind: {sorted(mine.keys() ^ theirs.keys())}")
            return 1
        for key in mine:
            a, b = mine[key], theirs[key]
            diff = 0.0 if a is None and b is None else (float("inf") if a is None or b is None else abs(float(a) - float(b)))
            worst = max(worst, diff)
            checked += 1
            print(f"{detector['id']} {key}: reference {a} facebench {b} diff {diff:.3g}")
    print(f"checked {checked} numbers, largest difference {worst:.3g} (tolerance {args.tolerance:g}); iou {threshold}")
    return 0 if checked and worst <= args.tolerance else 1


if __name__ == "__main__":
    sys.exit(main())
