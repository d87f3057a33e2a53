#!/usr/bin/env python3
"""Independent check of FaceBench's confidence intervals over images (docs/evaluation.md,
"Confidence intervals").

    scripts/bootstrap-reference.py RUN/DATASET        (the folder holding results.json)

Redraws the resamples from the documented seed stream with numpy (SplitMix64 seeded with
settings.bootstrap.seed; resample b takes outputs b*n .. b*n+n-1, each giving image
output mod n, images in results.json's order), recomputes every statistic on each resample
from the run's own detections and ground truth (gt.coco.json) together with its standard
error there (the infinitesimal jackknife: se² = Σ wᵢ (∂θ/∂wᵢ)², the derivatives with respect
to the images' weights), and compares the studentized interval θ̂ − t₉₇.₅·se, θ̂ − t₂.₅·se
(t_b = (θ*_b − θ̂) / se*_b, its 2.5th and 97.5th percentiles by linear interpolation, a
resample with error 0 counting ±∞ or 0, bounds clamped to the values a resample can take:
0–1, the mean NME between the images' own mean NMEs) with
detectors[].intervals:

- ap, precision, recall, f1, miss_rate: greedy matching at the run's IoU written here
  (highest score first, ties by list order; the best-IoU unmatched face), all-point VOC AP;
- coco_ap: pycocotools' own per-image matching (COCOeval.evaluateImg, area "all",
  maxDets 100) accumulated with the images' weights;
- nme_mean: the per-face errors of the run's landmarks protocol, averaged with the weights;
- the errors: ratios Σ wX / Σ wY by (Xᵢ − θ Yᵢ) / Σ wY; an all-point AP over a ranking by
  differentiating Σₖ wₖ p̄ₖ / F, with p̄ₖ the precision of the last ranked true positive
  holding the envelope's value after k; coco_ap's error the mean over IoU thresholds of that
  derivative on each threshold's ranking (ignored detections left out, COCO's counted faces);
- precision_band: at each recall level k/100 up to the run's own recall, the highest
  precision at a recall >= the level on the weighted ranking (0 where none), its 2.5th and
  97.5th percentiles compared bound by bound with detectors[].precision_band
  (docs/evaluation.md, "Precision-recall band").

An image drawn w times counts w times. Prints one line per detector and statistic and exits
1 when any bound differs by more than 1e-12.
"""
import json
import os
import sys

import numpy as np

TOLERANCE = 1e-12
GAMMA = np.uint64(0x9E3779B97F4A7C15)


def splitmix64(seed, count):
    """The first `count` outputs of SplitMix64 seeded with `seed`."""
    with np.errstate(over="ignore"):
        state = np.uint64(seed) + GAMMA * np.arange(1, count + 1, dtype=np.uint64)
        z = state
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        return z ^ (z >> np.uint64(31))


def resample_counts(images, resamples, seed):
    draws = (splitmix64(seed, images * resamples) % np.uint64(images)).astype(np.int64).reshape(resamples, images)
    offsets = np.arange(resamples)[:, None] * images
    return np.bincount((draws + offsets).ravel(), minlength=images * resamples).reshape(resamples, images)


def iou(a, b):
    x1, y1 = max(a[0], b[0]), max(a[1], b[1])
    x2, y2 = min(a[0] + a[2], b[0] + b[2]), min(a[1] + a[3], b[1] + b[3])
    inter = max(0.0, x2 - x1) * max(0.0, y2 - y1)
    if inter <= 0:
        return 0.0
    return inter / (a[2] * a[3] + b[2] * b[3] - inter)


def greedy_match(detections, faces, threshold):
    """'tp', 'fp' or 'ignored' per detection; faces are (box, ignored)."""
    outcome = ["fp"] * len(detections)
    matched = [False] * len(faces)
    order = sorted(range(len(detections)), key=lambda d: (-detections[d][1], d))
    for d in order:
        box = detections[d][0]
        best, best_iou, overlaps_ignored = -1, threshold, False
        for f, (face, ignored) in enumerate(faces):
            overlap = iou(box, face)
            if overlap < threshold:
                continue
            if ignored:
                overlaps_ignored = True
            elif not matched[f] and overlap >= best_iou and (best < 0 or overlap > best_iou):
                best, best_iou = f, overlap
        if best >= 0:
            outcome[d] = "tp"
            matched[best] = True
        elif overlaps_ignored:
            outcome[d] = "ignored"
    return outcome


def voc_statistics(weights, faces, tp, fp, ranked_image, ranked_tp, levels):
    positives = float(weights @ faces)
    true_pos, false_pos = float(weights @ tp), float(weights @ fp)
    precision = true_pos / (true_pos + false_pos) if true_pos + false_pos > 0 else 0.0
    recall = true_pos / positives if positives > 0 else 0.0
    w = weights[ranked_image].astype(float)
    keep = w > 0
    w, hits = w[keep], ranked_tp[keep]
    tp_cum, fp_cum = np.cumsum(w * hits), np.cumsum(w * ~hits)
    rec = tp_cum / positives if positives > 0 else np.zeros_like(tp_cum)
    prec = tp_cum / (tp_cum + fp_cum)
    envelope = np.maximum.accumulate(prec[::-1])[::-1]
    previous = np.concatenate([[0.0], rec[:-1]])
    changed = rec != previous
    ap = float(np.sum((rec - previous)[changed] * envelope[changed]))
    first = np.searchsorted(rec, levels, side="left")
    band = np.where(first < len(rec), envelope[np.minimum(first, len(rec) - 1)] if len(rec) else 0.0, 0.0)
    return band, {
        "ap": ap, "precision": precision, "recall": recall,
        "f1": 2 * precision * recall / (precision + recall) if precision + recall > 0 else 0.0,
        "miss_rate": 1 - recall if positives > 0 else float("nan"),
    }


def coco_ranking(gt_path, records, detector, image_of_name):
    """Per kept detection in COCO's rank order: its image (results order), true-positive and
    ignored flags per IoU threshold; each image's counted faces (pycocotools' evaluateImg)."""
    from pycocotools.coco import COCO
    from pycocotools.cocoeval import COCOeval
    import contextlib
    import io

    with contextlib.redirect_stdout(io.StringIO()):
        gt = COCO(gt_path)
        results = []
        name_of_image = {image["id"]: image["file_name"] for image in gt.dataset["images"]}
        id_of_name = {name: image_id for image_id, name in name_of_image.items()}
        for record in records:
            for d in record["results"].get(detector, {}).get("detections", []):
                x, y, w, h = d["box"]
                results.append({"image_id": id_of_name[record["name"]], "category_id": 1, "bbox": [x, y, w, h], "score": d["score"]})
        dt = gt.loadRes(results) if results else COCO()
        evaluator = COCOeval(gt, dt, "bbox")
        evaluator.evaluate()
    p = evaluator.params
    maxdet = p.maxDets[-1]
    scores, images, hits, ignored = [], [], [], []
    counted = np.zeros(len(records), dtype=np.int64)
    per_image = len(p.imgIds)
    for k, image_id in enumerate(p.imgIds):
        entry = evaluator.evalImgs[k]  # category 0, area range 0 ("all")
        if entry is None:
            continue
        position = image_of_name[name_of_image[image_id]]
        counted[position] = int(np.sum(np.asarray(entry["gtIgnore"]) == 0))
        matches = np.asarray(entry["dtMatches"])[:, :maxdet]
        skip = np.asarray(entry["dtIgnore"])[:, :maxdet]
        for j, score in enumerate(entry["dtScores"][:maxdet]):
            scores.append(score)
            images.append(position)
            hits.append((matches[:, j] > 0) & ~skip[:, j])
            ignored.append(skip[:, j])
    assert len(evaluator.evalImgs) >= per_image
    order = np.argsort(-np.asarray(scores, dtype=float), kind="mergesort")
    if not scores:
        return np.zeros(0, dtype=np.int64), np.zeros((0, len(p.iouThrs)), bool), np.zeros((0, len(p.iouThrs)), bool), counted, p.recThrs
    return (np.asarray(images)[order], np.asarray(hits)[order], np.asarray(ignored)[order], counted, p.recThrs)


def coco_ap(weights, ranking):
    images, hits, ignored, counted_faces, levels = ranking
    counted = float(weights @ counted_faces)
    if counted <= 0:
        return float("nan")
    w_all = weights[images].astype(float)
    total = 0.0
    for t in range(hits.shape[1]):
        keep = (w_all > 0) & ~ignored[:, t]
        w, hit = w_all[keep], hits[keep, t]
        tp_cum, fp_cum = np.cumsum(w * hit), np.cumsum(w * ~hit)
        tp_at, fp_at = tp_cum[hit], fp_cum[hit]
        rec = tp_at / counted
        prec = tp_at / (fp_at + tp_at + np.spacing(1))
        envelope = np.maximum.accumulate(prec[::-1])[::-1] if len(prec) else prec
        index = np.searchsorted(rec, levels, side="left")
        sampled = np.where(index < len(envelope), envelope[np.minimum(index, max(len(envelope) - 1, 0))] if len(envelope) else 0.0, 0.0)
        total += float(np.sum(sampled))
    return total / (hits.shape[1] * len(levels))


def ap_derivatives(weights, images, hits, faces):
    """The all-point AP of a ranking (each entry's image and whether it is a true positive)
    on image weights `weights`, and its derivative with respect to every image's weight."""
    positives = float(weights @ faces)
    if positives <= 0:
        return float("nan"), np.full(len(weights), np.nan)
    keep = weights[images] > 0
    image, hit = images[keep], hits[keep]
    w = weights[image].astype(float)
    tp_cum, fp_cum = np.cumsum(w * hit), np.cumsum(w * ~hit)
    total = tp_cum + fp_cum
    at = np.flatnonzero(hit)
    precision = tp_cum[at] / total[at]
    envelope = np.maximum.accumulate(precision[::-1])[::-1]
    # The true positive whose precision each one takes: itself where it beats everything
    # after it, else the one the next true positive takes (the latest of equal maxima).
    later = np.append(envelope[1:], -np.inf)
    holder = np.where(precision > later, np.arange(len(at)), len(at))
    holder = np.minimum.accumulate(holder[::-1])[::-1]
    ap = float(np.sum(w[at] * envelope)) / positives
    credit = np.zeros(len(image))
    np.add.at(credit, at[holder], w[at])
    with np.errstate(invalid="ignore", divide="ignore"):
        gain = np.where(credit > 0, credit * fp_cum / total**2, 0.0)
        loss = np.where(credit > 0, credit * tp_cum / total**2, 0.0)
    after_gain = np.cumsum(gain[::-1])[::-1]
    after_loss = np.cumsum(loss[::-1])[::-1]
    n = len(weights)
    own = np.bincount(image[at], weights=envelope + after_gain[at], minlength=n).astype(float)
    own -= np.bincount(image[~hit], weights=after_loss[~hit], minlength=n)
    return ap, (own - ap * faces) / positives


def delta_error(weights, derivatives):
    return float(np.sqrt(np.sum(weights * derivatives**2)))


def ratio_errors(counts, x, y):
    """Per resample (rows of counts), the error of Σ wx / Σ wy."""
    with np.errstate(invalid="ignore", divide="ignore"):
        denominator = counts @ y
        ratio = (counts @ x) / denominator
        deviation = x[None, :] - ratio[:, None] * y[None, :]
        return np.sqrt(np.sum(counts * deviation**2, axis=1)) / denominator


def interpolated(sorted_values, share):
    position = share * (len(sorted_values) - 1)
    below = int(np.floor(position))
    fraction = position - below
    low, high = sorted_values[below], sorted_values[min(below + 1, len(sorted_values) - 1)]
    if fraction == 0 or low == high:
        return low
    if np.isinf(low) or np.isinf(high):
        return low if np.isinf(low) else high
    return low + (high - low) * fraction


def studentized(values, errors, estimate, error, lower, upper):
    if not (np.isfinite(estimate) and np.isfinite(error)):
        return None
    if error == 0:
        return estimate, estimate
    keep = ~np.isnan(values) & ~np.isnan(errors)
    deviation, spread = values[keep] - estimate, errors[keep]
    with np.errstate(invalid="ignore", divide="ignore"):
        t = np.where(spread > 0, deviation / np.where(spread > 0, spread, 1), np.sign(deviation) * np.inf)
    t = np.where((spread == 0) & (deviation == 0), 0.0, t)
    if len(t) == 0:
        return None
    t = np.sort(t)
    clamp = lambda bound: min(max(bound, lower), upper)
    return clamp(estimate - interpolated(t, 0.975) * error), clamp(estimate - interpolated(t, 0.025) * error)


def main(folder):
    results = json.load(open(os.path.join(folder, "results.json")))
    gt_path = os.path.join(folder, "gt.coco.json")
    gt = json.load(open(gt_path))
    settings = results["settings"]
    threshold = settings["iou_threshold"]
    resamples, seed = settings["bootstrap"]["resamples"], settings["bootstrap"]["seed"]
    records = results["images"]
    n = len(records)
    image_of_name = {record["name"]: i for i, record in enumerate(records)}
    name_of_id = {image["id"]: image["file_name"] for image in gt["images"]}
    faces_of = [[] for _ in records]
    for a in gt["annotations"]:
        ignored = bool(a.get("iscrowd", 0)) or bool(a.get("ignore", 0))
        faces_of[image_of_name[name_of_id[a["image_id"]]]].append((a["bbox"], ignored))
    counts = resample_counts(n, resamples, seed)
    worst = 0.0
    for detector in results["detectors"]:
        name = detector["id"]
        faces, tp, fp = np.zeros(n), np.zeros(n), np.zeros(n)
        ranked = []
        for i, record in enumerate(records):
            found = [(d["box"], d["score"]) for d in record["results"].get(name, {}).get("detections", [])]
            outcome = greedy_match(found, faces_of[i], threshold)
            faces[i] = sum(1 for _, ignored in faces_of[i] if not ignored)
            for index, result in enumerate(outcome):
                if result == "ignored":
                    continue
                tp[i] += result == "tp"
                fp[i] += result == "fp"
                ranked.append((-found[index][1], record["id"], index, i, result == "tp"))
        ranked.sort()
        ranked_image = np.asarray([r[3] for r in ranked], dtype=np.int64)
        ranked_tp = np.asarray([r[4] for r in ranked], dtype=bool)
        coco = coco_ranking(gt_path, records, name, image_of_name)
        landmarks = (detector.get("evaluation") or {}).get("landmarks")
        nme_sum = nme_count = None
        if landmarks:
            nme_sum, nme_count = np.zeros(n), np.zeros(n)
            position_of_id = {record["id"]: i for i, record in enumerate(records)}
            for face in landmarks["faces"]:
                nme_sum[position_of_id[face["image_id"]]] += face["nme"]
                nme_count[position_of_id[face["image_id"]]] += 1
        own_recall = float(tp.sum() / faces.sum()) if faces.sum() > 0 else 0.0
        levels = np.arange(101) / 100
        levels = levels[levels <= own_recall] if own_recall > 0 else np.zeros(0)
        coco_images, coco_hits, coco_ignored, counted, _ = coco

        def statistics_and_errors(weights):
            band, statistics = voc_statistics(weights, faces, tp, fp, ranked_image, ranked_tp, levels)
            statistics["coco_ap"] = coco_ap(weights, coco)
            row = weights[None, :]
            recall_error = ratio_errors(row, tp, faces)[0]
            errors = {
                "ap": delta_error(weights, ap_derivatives(weights, ranked_image, ranked_tp, faces)[1]),
                "precision": ratio_errors(row, tp, tp + fp)[0], "recall": recall_error, "miss_rate": recall_error,
                "f1": ratio_errors(row, 2 * tp, tp + fp + faces)[0],
            }
            thresholds = coco_hits.shape[1]
            coco_derivatives = np.zeros(n)
            for t in range(thresholds):
                keep = ~coco_ignored[:, t]
                coco_derivatives += ap_derivatives(weights, coco_images[keep], coco_hits[keep, t], counted)[1] / thresholds
            errors["coco_ap"] = delta_error(weights, coco_derivatives)
            if nme_sum is not None:
                count = float(weights @ nme_count)
                statistics["nme_mean"] = float(weights @ nme_sum) / count if count > 0 else float("nan")
                errors["nme_mean"] = ratio_errors(row, nme_sum, nme_count)[0]
            return band, statistics, errors

        _, own, own_errors = statistics_and_errors(np.ones(n, dtype=np.int64))
        values, errors, bands = {}, {}, []
        for b in range(resamples):
            band, statistics, resample_errors = statistics_and_errors(counts[b])
            bands.append(band)
            for key, value in statistics.items():
                values.setdefault(key, []).append(value)
                errors.setdefault(key, []).append(resample_errors[key])
        stored = detector.get("intervals", {})
        for key, series in values.items():
            lower, upper = 0.0, 1.0
            if key == "nme_mean":
                # A resample's mean NME lies between the images' own mean NMEs.
                means = nme_sum[nme_count > 0] / nme_count[nme_count > 0]
                lower, upper = float(means.min()), float(means.max())
            interval = studentized(np.asarray(series), np.asarray(errors[key]), own[key], own_errors[key], lower, upper)
            if interval is None:
                print("%s %s: no interval here" % (name, key))
                worst = float("inf")
                continue
            low, high = interval
            if key not in stored:
                print("%s %s: missing from results.json" % (name, key))
                worst = float("inf")
                continue
            difference = max(abs(low - stored[key][0]), abs(high - stored[key][1]))
            worst = max(worst, difference)
            print("%-12s %-10s [%.12f, %.12f]  results.json [%.12f, %.12f]  |diff| %.1e" % (name, key, low, high, stored[key][0], stored[key][1], difference))
        stored_band = detector.get("precision_band")
        if len(levels) and resamples > 0 and tp.sum() > 0:
            low, high = np.percentile(np.asarray(bands), [2.5, 97.5], axis=0)
            if stored_band is None or stored_band["recall"] != levels.tolist():
                print("%s precision_band: missing or not at the levels %s" % (name, levels.tolist()[-3:]))
                worst = float("inf")
            else:
                difference = max(np.max(np.abs(low - stored_band["low"])), np.max(np.abs(high - stored_band["high"])))
                worst = max(worst, difference)
                print("%-12s %-10s %d levels  |diff| %.1e" % (name, "band", len(levels), difference))
        elif stored_band is not None:
            print("%s precision_band: in results.json, not computed here" % name)
            worst = float("inf")
        for key in stored:
            if key not in values:
                print("%s %s: in results.json, not computed here" % (name, key))
                worst = float("inf")
    print("largest difference: %.3e (tolerance %.0e)" % (worst, TOLERANCE))
    return 0 if worst <= TOLERANCE else 1


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        sys.exit(64)
    sys.exit(main(sys.argv[1]))
