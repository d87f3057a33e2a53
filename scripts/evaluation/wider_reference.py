#!/usr/bin/env python3
"""Reference WIDER FACE evaluation, written for FaceBench from the published behaviour of two
tools (no code taken from either):

  --semantics matlab       the official MATLAB eval_tools (wider_eval.m, read_pred.m,
                           norm_score.m, evaluation.m, boxoverlap.m, VOCap.m) — the default
  --semantics python-port  the popular Python port (WiderFace-Evaluation's evaluation.py)

What the official code does that the port does not (each pinned by a fixture in
Tests/Fixtures/WIDER, see README.md there):
  * read_pred.m sorts each image's predictions by descending score (stable); the port keeps
    file order, and its per-threshold "last prediction above the threshold" then counts
    everything before it, whatever the scores.
  * norm_score.m starts max at realmin('single') and min at realmax('single'); these are
    single-precision, so MATLAB does the whole normalisation in single precision. The port
    starts at max = 0, min = 1 in double: scores above 1 (neighbour counts) keep min at 1.
  * The ground truth in the .mat files is int32, so boxoverlap.m runs in MATLAB's integer
    arithmetic: prediction corners are rounded to whole pixels, the union is rounded, and
    the IoU is an integer division (0 or 1). [max, idx] = max(...) then takes the FIRST face
    with IoU >= 0.5, not the best one. The port computes float64 IoUs and takes the best.
  * VOCap's max() skips NaN precision (no proposals yet); numpy's maximum propagates it.
    NaN only occurs while recall is still 0, so both give the same AP.
Shared by both: a prediction whose face is outside the subset's keep list is "not a
proposal" (neither TP nor FP); recall counts kept faces only; images with no face or no
prediction only add their kept faces; 1000 thresholds 1 - t/1000; boxes "+1" pixels.

Usage:
  wider_reference.py --gt DIR --predictions DIR [--semantics matlab|python-port]
                     [--events E1,E2] [--curves] [--out result.json]
Prints JSON: {"easy": {"ap": ..., "faces": ...}, "medium": ..., "hard": ...}.
"""

import argparse
import json
import os
import sys
import time

import numpy as np
import scipy.io

SETTINGS = ["easy", "medium", "hard"]
THRESHOLDS = 1000


# ---------------------------------------------------------------- ground truth and input

def load_ground_truth(gt_dir, events=None):
    """[(event, [(file, boxes int32 (n,4), [keep indices 0-based per setting])])]."""
    main = scipy.io.loadmat(os.path.join(gt_dir, "wider_face_val.mat"))
    keeps = [scipy.io.loadmat(os.path.join(gt_dir, f"wider_{s}_val.mat"))["gt_list"] for s in SETTINGS]
    result = []
    for e in range(main["event_list"].shape[0]):
        event = str(main["event_list"][e, 0][0])
        if events is not None and event not in events:
            continue
        files = main["file_list"][e, 0]
        boxes = main["face_bbx_list"][e, 0]
        images = []
        for i in range(files.shape[0]):
            keep = [np.asarray(k[e, 0][i, 0], dtype=np.int64).ravel() - 1 for k in keeps]
            images.append((str(files[i, 0][0]), np.asarray(boxes[i, 0]), keep))
        result.append((event, images))
    return result


def parse_numbers(line):
    return [float(v) for v in line.replace(",", " ").split()]


def read_matlab(pred_dir, gt):
    """read_pred.m: path event/file.txt, line 2 = count, first five numbers per box line,
    rows sorted by descending score (stable). Missing files and count 0 give None."""
    predictions = []
    for event, images in gt:
        for name, _, _ in images:
            path = os.path.join(pred_dir, event, name + ".txt")
            if not os.path.exists(path):
                predictions.append(None)
                continue
            lines = open(path).read().split("\n")
            count = int(float(lines[1].strip()))
            if count == 0:
                predictions.append(None)
                continue
            rows = np.array([parse_numbers(lines[k + 2])[:5] for k in range(count)], dtype=np.float64)
            order = np.argsort(-rows[:, 4], kind="stable")
            predictions.append(rows[order])
    return predictions


def read_python_port(pred_dir, gt):
    """The port: every line after the second is a box, file order kept. (It finds images by
    the name on the first line; the fixtures keep that equal to the file name.)"""
    predictions = []
    for event, images in gt:
        for name, _, _ in images:
            path = os.path.join(pred_dir, event, name + ".txt")
            lines = [l for l in open(path).read().split("\n")[2:] if l.strip()]
            rows = np.array([parse_numbers(l)[:5] for l in lines], dtype=np.float64).reshape(-1, 5)
            predictions.append(rows if len(rows) else None)
    return predictions


# ---------------------------------------------------------------- score normalisation

def normalise_matlab(predictions):
    """norm_score.m in single precision (mixed single/double arithmetic is single)."""
    max_score = np.float32(np.finfo(np.float32).tiny)          # realmin('single')
    min_score = np.float32(np.finfo(np.float32).max)           # realmax('single')
    for rows in predictions:
        if rows is not None:
            max_score = max(max_score, np.float32(rows[:, 4].max()))
            min_score = min(min_score, np.float32(rows[:, 4].min()))
    span = np.float32(max_score - min_score)
    out = []
    for rows in predictions:
        if rows is None:
            out.append(None)
            continue
        rows = rows.copy()
        with np.errstate(invalid="ignore", divide="ignore"):
            rows[:, 4] = ((rows[:, 4].astype(np.float32) - min_score) / span).astype(np.float64)
        out.append(rows)
    return out, float(min_score), float(max_score)


def normalise_python_port(predictions):
    max_score, min_score = 0.0, 1.0
    for rows in predictions:
        if rows is not None:
            max_score = max(rows[:, 4].max(), max_score)
            min_score = min(rows[:, 4].min(), min_score)
    out = []
    for rows in predictions:
        if rows is None:
            out.append(None)
            continue
        rows = rows.copy()
        with np.errstate(invalid="ignore", divide="ignore"):
            rows[:, 4] = (rows[:, 4] - min_score) / (max_score - min_score)
        out.append(rows)
    return out, min_score, max_score


# ---------------------------------------------------------------- overlaps

INT32_MIN, INT32_MAX = -2**31, 2**31 - 1


def to_int32(x):
    """MATLAB double -> int32: round half away from zero, saturate, NaN -> 0."""
    x = np.asarray(x, dtype=np.float64)
    whole = np.trunc(x)
    rounded = whole + np.where(np.abs(x - whole) >= 0.5, np.sign(x), 0.0)
    rounded = np.where(np.isnan(rounded), 0.0, rounded)
    return np.clip(rounded, INT32_MIN, INT32_MAX).astype(np.int64)


def sat(x):
    return np.clip(x, INT32_MIN, INT32_MAX)


def overlaps_matlab(gt, rows):
    """boxoverlap.m with int32 `gt` (m × x, y, w, h) against each double prediction row:
    an n × m matrix (row h is boxoverlap(gt, rows(h, 1:4)))."""
    gx1, gy1 = gt[None, :, 0].astype(np.int64), gt[None, :, 1].astype(np.int64)
    gx2, gy2 = sat(gx1 + gt[None, :, 2]), sat(gy1 + gt[None, :, 3])
    px1, py1 = rows[:, None, 0], rows[:, None, 1]
    px2, py2 = rows[:, None, 0] + rows[:, None, 2], rows[:, None, 1] + rows[:, None, 3]
    x1 = to_int32(np.maximum(gx1.astype(np.float64), px1))
    y1 = to_int32(np.maximum(gy1.astype(np.float64), py1))
    x2 = to_int32(np.minimum(gx2.astype(np.float64), px2))
    y2 = to_int32(np.minimum(gy2.astype(np.float64), py2))
    w, h = sat(sat(x2 - x1) + 1), sat(sat(y2 - y1) + 1)
    inter = sat(w * h)
    aarea = sat(sat(sat(gx2 - gx1) + 1) * sat(sat(gy2 - gy1) + 1))
    barea = (px2 - px1 + 1) * (py2 - py1 + 1)
    union = sat(to_int32(aarea.astype(np.float64) + barea) - inter)
    with np.errstate(invalid="ignore", divide="ignore"):
        quotient = to_int32(inter.astype(np.float64) / union.astype(np.float64))
    quotient = np.where(union == 0, np.where(inter > 0, INT32_MAX, np.where(inter < 0, INT32_MIN, 0)), quotient)
    quotient[(w <= 0) | (h <= 0)] = 0
    return quotient


def overlaps_python_port(gt, rows):
    """The port's Cython bbox_overlaps (its DTYPE is np.float, i.e. float64): corners
    x2 = x + w in double, "+1" widths, heights and areas, 0 when disjoint (n × m)."""
    g = gt.astype(np.float64)
    gx1, gy1 = g[None, :, 0], g[None, :, 1]
    gx2, gy2 = g[None, :, 2] + gx1, g[None, :, 3] + gy1
    p = rows[:, :4].astype(np.float64)
    px1, py1 = p[:, None, 0], p[:, None, 1]
    px2, py2 = p[:, None, 2] + px1, p[:, None, 3] + py1
    iw = np.minimum(px2, gx2) - np.maximum(px1, gx1) + 1.0
    ih = np.minimum(py2, gy2) - np.maximum(py1, gy1) + 1.0
    face_area = (gx2 - gx1 + 1.0) * (gy2 - gy1 + 1.0)
    union = (px2 - px1 + 1.0) * (py2 - py1 + 1.0) + face_area - iw * ih
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where((iw > 0) & (ih > 0), iw * ih / union, 0.0)


# ---------------------------------------------------------------- evaluation

def image_evaluation(rows, gt, keep, overlaps):
    """evaluation.m's image_evaluation: proposal flags and recalled-face counts per row."""
    kept = np.zeros(len(gt), dtype=bool)
    kept[keep] = True
    recall_list = np.zeros(len(gt), dtype=np.int64)
    proposal = np.ones(len(rows), dtype=np.int64)
    pred_recall = np.zeros(len(rows), dtype=np.int64)
    for h in range(len(rows)):
        o = overlaps[h]
        idx = int(np.argmax(o))  # first index of the largest value, as MATLAB's max
        if o[idx] >= 0.5:
            if not kept[idx]:
                recall_list[idx] = -1
                proposal[h] = -1
            elif recall_list[idx] == 0:
                recall_list[idx] = 1
        pred_recall[h] = int((recall_list == 1).sum())
    return pred_recall, proposal


def image_pr_info(scores, proposal, pred_recall):
    """For t = 1..1000: (#proposals, recalled) up to the LAST row scoring >= 1 - t/1000."""
    thresholds = 1 - np.arange(1, THRESHOLDS + 1) / THRESHOLDS
    above = scores[None, :] >= thresholds[:, None]
    any_above = above.any(axis=1)
    last = len(scores) - 1 - np.argmax(above[:, ::-1], axis=1)
    cumulative = np.cumsum(proposal == 1)
    info = np.zeros((THRESHOLDS, 2))
    info[any_above, 0] = cumulative[last[any_above]]
    info[any_above, 1] = pred_recall[last[any_above]]
    return info


def voc_ap(recall, precision, skip_nan):
    mrec = np.concatenate(([0.0], recall, [1.0]))
    mpre = np.concatenate(([0.0], precision, [0.0]))
    for i in range(len(mpre) - 2, -1, -1):
        a, b = mpre[i], mpre[i + 1]
        if skip_nan:  # MATLAB's max returns the other argument when one is NaN
            mpre[i] = b if np.isnan(a) else a if np.isnan(b) else max(a, b)
        else:
            mpre[i] = np.maximum(a, b)
    i = np.nonzero(mrec[1:] != mrec[:-1])[0] + 1
    return float(np.sum((mrec[i] - mrec[i - 1]) * mpre[i]))


# The four places where the two tools differ; `evaluate(..., port_parts=...)` takes the
# port's behaviour for just the named ones, to show what each changes on its own.
PARTS = ["order", "normalisation", "overlap", "nan"]


def evaluate(gt_dir, pred_dir, semantics="matlab", events=None, port_parts=None):
    started = time.perf_counter()
    gt = load_ground_truth(gt_dir, events)
    port = set(PARTS) if semantics == "python-port" else set(port_parts or [])
    raw = read_python_port(pred_dir, gt) if "order" in port else read_matlab(pred_dir, gt)
    loaded = time.perf_counter()
    predictions, low, high = (normalise_python_port if "normalisation" in port else normalise_matlab)(raw)
    overlap = overlaps_python_port if "overlap" in port else overlaps_matlab
    images = [image for _, event_images in gt for image in event_images]
    # Overlaps depend on the image only, not on the setting: computed once.
    cached = []
    for (name, boxes, keep), rows in zip(images, predictions):
        if rows is None or len(boxes) == 0:
            cached.append(None)
        else:
            cached.append(overlap(boxes, rows))
    result = {"score_normalisation": {"min": low, "max": high}, "predictions": int(sum(len(r) for r in raw if r is not None)),
              "load_seconds": loaded - started}
    for s, setting in enumerate(SETTINGS):
        curve = np.zeros((THRESHOLDS, 2))
        faces = 0
        for (name, boxes, keep), rows, overlaps in zip(images, predictions, cached):
            faces += len(keep[s])
            if overlaps is None:
                continue
            pred_recall, proposal = image_evaluation(rows, boxes, keep[s], overlaps)
            curve += image_pr_info(rows[:, 4], proposal, pred_recall)
        with np.errstate(invalid="ignore", divide="ignore"):
            precision = curve[:, 1] / curve[:, 0]
            recall = curve[:, 1] / faces
        result[setting] = {
            "ap": voc_ap(recall, precision, skip_nan="nan" not in port),
            "faces": faces,
            "proposals": curve[:, 0].astype(int).tolist(),
            "recalled": curve[:, 1].astype(int).tolist(),
        }
    result["evaluate_seconds"] = time.perf_counter() - loaded
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--gt", required=True, help="folder with wider_face_val.mat and wider_{easy,medium,hard}_val.mat")
    parser.add_argument("--predictions", required=True)
    parser.add_argument("--semantics", choices=["matlab", "python-port"], default="matlab")
    parser.add_argument("--events", help="comma-separated event names (default: all 61)")
    parser.add_argument("--curves", action="store_true", help="include the per-threshold counts")
    parser.add_argument("--out")
    args = parser.parse_args()
    started = time.perf_counter()
    result = evaluate(args.gt, args.predictions, args.semantics, set(args.events.split(",")) if args.events else None)
    result["seconds"] = time.perf_counter() - started
    if not args.curves:
        for setting in SETTINGS:
            result[setting].pop("proposals")
            result[setting].pop("recalled")
    text = json.dumps(result, indent=1)
    if args.out:
        open(args.out, "w").write(text + "\n")
    else:
        print(text)


if __name__ == "__main__":
    sys.exit(main())
