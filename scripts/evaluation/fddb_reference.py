#!/usr/bin/env python3
"""Reference FDDB evaluation, written for FaceBench from the published behaviour of the FDDB
toolkit (evaluation.tgz: evaluate.cpp, Matching, Hungarian, Results; no code taken):

  * overlaps are pixel counts of the masks OpenCV draws (computed by fddb_overlaps.py with
    Debian's cv2, run as /usr/bin/python3);
  * per image, for each distinct detection score s ascending, the detections scoring >= s
    are matched to the faces by maximum total overlap (here scipy's linear_sum_assignment,
    after dropping faces and detections that overlap nothing, as Matching::runHungarian);
    matched overlaps > 0.5 are discrete true positives, their sum the continuous ones, the
    other valid detections false positives; an image without detections gives one result at
    DBL_MAX;
  * images are merged one after another exactly as Results::merge does, and the list is
    written as DiscROC.txt (`tpr fp threshold`) and ContROC.txt (`tpr fp`) with C++'s
    default stream format (%g).

  fddb_reference.py --folds DIR [--fold-list 1,2] --detections FILE [--sizes FILE] --out PREFIX
prints {"faces", "points", "tpr_at_1000_fp": {"discrete", "continuous"}, "seconds"}.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np
from scipy.optimize import linear_sum_assignment

HERE = os.path.dirname(os.path.abspath(__file__))
DBL_MAX = sys.float_info.max


class Results:
    """One entry of the toolkit's result lists."""

    def __init__(self, n, threshold, tp_cont=0.0, tp_disc=0.0, fp=0.0):
        self.n, self.threshold, self.tp_cont, self.tp_disc, self.fp = n, threshold, tp_cont, tp_disc, fp


def combined(r1, r2):
    """Results(r1, r2): sums, the smaller threshold."""
    out = Results(0, DBL_MAX)
    for r in (r1, r2):
        out.n += r.n
        out.tp_cont += r.tp_cont
        out.tp_disc += r.tp_disc
        out.fp += r.fp
        out.threshold = min(out.threshold, r.threshold)
    return out


def merge(rv1, rv2):
    """Results::merge: both lists ascending by threshold."""
    merged = []
    n1, n2 = len(rv1), len(rv2)
    if n1:
        annot1 = rv1[0].n
        annot2 = rv2[0].n if n2 else 0
        i1 = i2 = 0
        while i1 < n1:
            r1 = rv1[i1]
            if i2 < n2:
                r2 = rv2[i2]
                merged.append(combined(r1, r2))
                if r1.threshold < r2.threshold:
                    i1 += 1
                elif r1.threshold == r2.threshold:
                    i1 += 1
                    i2 += 1
                else:
                    i2 += 1
            else:
                while i1 < n1:
                    r = rv1[i1]
                    merged.append(Results(r.n + annot2, r.threshold, r.tp_cont, r.tp_disc, r.fp))
                    i1 += 1
        while i2 < n2:
            r = rv2[i2]
            merged.append(Results(r.n + annot1, r.threshold, r.tp_cont, r.tp_disc, r.fp))
            i2 += 1
    else:
        merged = [Results(r.n, r.threshold, r.tp_cont, r.tp_disc, r.fp) for r in rv2]
    return merged


def image_results(faces, scores, intersection, union):
    if not scores:
        return [Results(faces, DBL_MAX)]
    scores = np.array(scores)
    overlap = np.zeros((faces, len(scores)))
    for f in range(faces):
        for d in range(len(scores)):
            if intersection[f][d]:
                overlap[f, d] = intersection[f][d] / union[f][d]
    results = []
    for threshold in sorted(set(scores.tolist())):
        valid = np.nonzero(scores >= threshold)[0]
        rows = [f for f in range(faces) if overlap[f, valid].sum() != 0]
        columns = [d for d in valid if overlap[:, d].sum() != 0]
        tp_cont, tp_disc = 0.0, 0.0
        if rows and columns:
            weights = overlap[np.ix_(rows, columns)]
            transpose = len(rows) > len(columns)
            r, c = linear_sum_assignment(weights, maximize=True)
            pairs = sorted(zip(r, c), key=lambda p: (p[1], p[0]) if transpose else p)
            for i, j in pairs:
                score = weights[i, j]
                if score > 0:
                    tp_cont += score
                    if score > 0.5:
                        tp_disc += 1
        results.append(Results(faces, threshold, tp_cont, tp_disc, len(valid) - tp_disc))
    return results


def cpp(value):
    return "%g" % value


def evaluate(overlap_lines):
    cumulative = []
    for line in overlap_lines:
        image = json.loads(line)
        cumulative = merge(cumulative, image_results(image["faces"], image["scores"], image["intersection"], image["union"]))
    return cumulative


def write_roc(cumulative, prefix):
    with open(prefix + "ContROC.txt", "w") as cont, open(prefix + "DiscROC.txt", "w") as disc:
        for r in cumulative:
            if r.n:
                cont.write(f"{cpp(r.tp_cont / r.n)} {cpp(r.fp)}\n")
                disc.write(f"{cpp(r.tp_disc / r.n)} {cpp(r.fp)} {cpp(r.threshold)}\n")
            else:
                cont.write("0 0\n")
                disc.write(f"0 0 {cpp(r.threshold)}\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--folds", required=True)
    parser.add_argument("--fold-list", default="1,2,3,4,5,6,7,8,9,10")
    parser.add_argument("--detections", required=True)
    parser.add_argument("--sizes")
    parser.add_argument("--out", required=True, help="prefix of DiscROC.txt and ContROC.txt")
    args = parser.parse_args()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as scratch:
        overlaps = os.path.join(scratch, "overlaps.jsonl")
        command = ["/usr/bin/python3", os.path.join(HERE, "fddb_overlaps.py"), "--folds", args.folds, "--fold-list", args.fold_list,
                   "--detections", args.detections, "--out", overlaps] + (["--sizes", args.sizes] if args.sizes else [])
        subprocess.run(command, check=True)
        cumulative = evaluate(open(overlaps))
    write_roc(cumulative, args.out)
    faces = cumulative[0].n if cumulative else 0
    best = {"discrete": 0.0, "continuous": 0.0}
    for r in cumulative:
        if r.fp <= 1000 and r.n:
            best["discrete"] = max(best["discrete"], r.tp_disc / r.n)
            best["continuous"] = max(best["continuous"], r.tp_cont / r.n)
    print(json.dumps({"faces": faces, "points": len(cumulative), "tpr_at_1000_fp": best, "seconds": time.perf_counter() - started}))


if __name__ == "__main__":
    main()
