"""Reference numbers for the golden fixtures and the held-out check.

COCO comes from pycocotools itself. PASCAL VOC has no installable reference (the devkit
is MATLAB), so `voc_ap` implements VOCevaldet.m / VOCap.m semantics from their published
description: detections by descending confidence (a stable sort, as MATLAB's), each
compared with every ground-truth box of its image and assigned to the one it overlaps
most (first on ties); at or above the threshold it is ignored for a "difficult" box, a
true positive for an undetected box and a false positive for an already detected one;
below it, a false positive. All-point AP is the area under the monotone precision
envelope; 11-point AP averages the best precision at recall >= 0:0.1:1 as MATLAB builds
that range (from both ends, so the levels are 0.1*k up to 0.5 and 1 - 0.1*(10-k) above).
Boxes are continuous [x, y, w, h]; FaceBench's loaders turn VOC's inclusive pixel
coordinates into such boxes, which makes the devkit's "+1" overlap the continuous one.
"""

import contextlib
import io

import numpy as np

COCO_KEYS = ["AP", "AP50", "AP75", "APs", "APm", "APl", "AR1", "AR10", "AR100", "ARs", "ARm", "ARl"]


def coco_stats(ground_truth, results, max_dets=(1, 10, 100)):
    """pycocotools' twelve numbers, with every AP and size-range AR taken at the last
    maxDets value (its summarize() hard-codes 100 for AP; identical for [1, 10, 100]).
    Also returns summarize()'s own stats."""
    from pycocotools.coco import COCO
    from pycocotools.cocoeval import COCOeval

    with contextlib.redirect_stdout(io.StringIO()):
        gt = COCO()
        gt.dataset = ground_truth
        gt.createIndex()
        dt = gt.loadRes(results) if results else COCO()
        evaluator = COCOeval(gt, dt, "bbox")
        evaluator.params.maxDets = list(max_dets)
        evaluator.evaluate()
        evaluator.accumulate()
        evaluator.summarize()
    precision, recall = evaluator.eval["precision"], evaluator.eval["recall"]
    ious = evaluator.params.iouThrs
    last = len(max_dets) - 1

    def mean(values):
        values = values[values > -1]
        return float(np.mean(values)) if values.size else -1.0

    def ap(iou=None, area=0):
        p = precision[:, :, :, area, last]
        if iou is not None:
            p = p[np.where(ious == iou)[0]]
        return mean(p)

    def ar(area=0, m=last):
        return mean(recall[:, :, area, m])

    stats = [ap(), ap(0.5), ap(0.75), ap(area=1), ap(area=2), ap(area=3), ar(m=0), ar(m=1), ar(m=2), ar(1), ar(2), ar(3)]
    return dict(zip(COCO_KEYS, stats)), [float(v) for v in evaluator.stats]


MATLAB_ELEVEN = [0.1 * k if k <= 5 else 1 - 0.1 * (10 - k) for k in range(11)]


def voc_ap(images, detections, iou_threshold=0.5):
    """images: list of synthetic.Image (faces with "iscrowd" as VOC's difficult flag);
    detections: [image_id, x, y, w, h, score] rows. Ties keep image order, then file
    order within an image (the order FaceBench hands detections to its protocols)."""
    by_id = {image.id: image for image in images}
    rows = sorted(detections, key=lambda row: row[0])  # stable: file order within an image
    order = sorted(range(len(rows)), key=lambda k: -rows[k][5])  # stable, like MATLAB's sort
    detected = {image.id: [False] * len(image.faces) for image in images}
    positives = sum(1 for image in images for face in image.faces if not face["iscrowd"])
    tp, fp = [], []
    ignored = 0
    for k in order:
        image_id, x, y, w, h = rows[k][:5]
        best, best_iou = -1, -np.inf
        for j, face in enumerate(by_id[image_id].faces):
            fx, fy, fw, fh = face["bbox"]
            iw = min(x + w, fx + fw) - max(x, fx)
            ih = min(y + h, fy + fh) - max(y, fy)
            if iw <= 0 or ih <= 0:
                continue
            inter = iw * ih
            overlap = inter / (w * h + max(fw, 0) * max(fh, 0) - inter)
            if overlap > best_iou:
                best, best_iou = j, overlap
        if best >= 0 and best_iou >= iou_threshold:
            if by_id[image_id].faces[best]["iscrowd"]:
                ignored += 1
                continue
            if not detected[image_id][best]:
                detected[image_id][best] = True
                tp.append(1)
                fp.append(0)
            else:
                tp.append(0)
                fp.append(1)
        else:
            tp.append(0)
            fp.append(1)
    if positives == 0:
        return {"AP": None, "AP11": None, "tp": sum(tp), "fp": sum(fp), "ignored": ignored}
    tp_sum, fp_sum = np.cumsum(tp, dtype=float), np.cumsum(fp, dtype=float)
    recall = tp_sum / positives
    precision = tp_sum / (tp_sum + fp_sum)
    envelope = np.concatenate([[0.0], precision, [0.0]])
    levels = np.concatenate([[0.0], recall, [1.0]])
    for i in range(len(envelope) - 2, -1, -1):
        envelope[i] = max(envelope[i], envelope[i + 1])
    changes = np.where(levels[1:] != levels[:-1])[0] + 1
    all_point = 0.0
    for i in changes:  # sequential, as the Swift code sums
        all_point += (levels[i] - levels[i - 1]) * envelope[i]
    eleven = 0.0
    for level in MATLAB_ELEVEN:
        reached = precision[recall >= level]
        eleven += (float(reached.max()) if reached.size else 0.0) / 11
    return {"AP": float(all_point), "AP11": float(eleven), "tp": int(sum(tp)), "fp": int(sum(fp)), "ignored": ignored}
