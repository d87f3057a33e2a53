#!/usr/bin/env python3
"""Runs WIDER FACE's official MATLAB evaluation under GNU Octave (apt-get install octave) on
a prediction folder and prints its APs as JSON. The official eval_tools (read_pred.m,
norm_score.m, evaluation.m, boxoverlap.m, plot/VOCap.m from the WIDER FACE website) are not
part of FaceBench: pass the folder holding them (VOCap.m may sit in plot/).

With --events, the ground truth is cut down to those events first: the .mat files are
rewritten with every other event's image list emptied, which the official code (it always
loops over 61 events) then skips.

  wider_official_octave.py --eval-tools DIR --gt DIR --predictions DIR [--events E1,E2] [--out F]
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np
import scipy.io

HERE = os.path.dirname(os.path.abspath(__file__))
FILES = ["wider_face_val.mat", "wider_easy_val.mat", "wider_medium_val.mat", "wider_hard_val.mat"]


def reduce_ground_truth(gt_dir, events, out_dir):
    """Copies of the four .mat files where events outside `events` have no images."""
    for name in FILES:
        data = scipy.io.loadmat(os.path.join(gt_dir, name))
        names = [str(data["event_list"][e, 0][0]) for e in range(data["event_list"].shape[0])]
        variables = {}
        for key, value in data.items():
            if key.startswith("__"):
                continue
            if key == "event_list":
                variables[key] = value
                continue
            reduced = np.empty(value.shape, dtype=object)
            for e, event in enumerate(names):
                reduced[e, 0] = value[e, 0] if event in events else np.empty((0, 1), dtype=object)
            variables[key] = reduced
        scipy.io.savemat(os.path.join(out_dir, name), variables, do_compression=True)


def run(eval_tools, gt_dir, pred_dir, events=None):
    with tempfile.TemporaryDirectory() as scratch:
        if events:
            reduce_ground_truth(gt_dir, events, scratch)
            gt_dir = scratch
        out = os.path.join(scratch, "official.txt")
        tools = [os.path.abspath(eval_tools)] + ([os.path.join(os.path.abspath(eval_tools), "plot")] if os.path.isdir(os.path.join(eval_tools, "plot")) else [])
        script = "".join(f"addpath('{t}');" for t in tools) + f"addpath('{os.path.join(HERE, 'octave')}');"
        script += f"run_wider_official('{os.path.abspath(eval_tools)}', '{os.path.abspath(gt_dir)}', '{os.path.abspath(pred_dir)}', '{out}');"
        started = time.perf_counter()
        subprocess.run(["octave-cli", "--no-gui", "--quiet", "--eval", script], check=True, stdout=subprocess.DEVNULL)
        seconds = time.perf_counter() - started
        result = {"seconds": seconds}
        for line in open(out):
            kind, setting, *values = line.split()
            name = setting.replace("_val", "")
            if kind == "ap":
                result.setdefault(name, {})["ap"] = float(values[0])
            else:
                curve = np.array([float(v) for v in values]).reshape(2, -1)
                result.setdefault(name, {})["precision"] = [None if np.isnan(v) else v for v in curve[0]]
                result[name]["recall"] = curve[1].tolist()
        return result


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--eval-tools", required=True)
    parser.add_argument("--gt", required=True)
    parser.add_argument("--predictions", required=True)
    parser.add_argument("--events")
    parser.add_argument("--curves", action="store_true")
    parser.add_argument("--out")
    args = parser.parse_args()
    result = run(args.eval_tools, args.gt, args.predictions, set(args.events.split(",")) if args.events else None)
    if not args.curves:
        for setting in ["easy", "medium", "hard"]:
            result[setting].pop("precision", None)
            result[setting].pop("recall", None)
    text = json.dumps(result, indent=1)
    if args.out:
        open(args.out, "w").write(text + "\n")
    else:
        print(text)


if __name__ == "__main__":
    sys.exit(main())
