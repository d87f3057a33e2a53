#!/usr/bin/env python3
"""Golden fixtures for FaceBench's WIDER FACE evaluation (WIDEREvaluationTests).

For each case: synthetic predictions over four real validation events (written by
scripts/evaluation/wider_synthetic.py), stored as one bundle file (`=== event/image.txt`
headers followed by each file's exact text), and the expected results of
scripts/evaluation/wider_reference.py in both semantics: the official MATLAB code's (what
FaceBench must equal) and the popular Python port's (to show where it differs). With
--eval-tools, the official MATLAB code itself is also run under Octave and must agree with
the reference; its APs are then recorded too. Without it, the Octave APs of the previous
expected.json are kept (the cases are deterministic, so they still apply).

  python3 Tests/Fixtures/WIDER/generate.py --gt ../shared/datasets/wider-val-gt [--eval-tools DIR]
"""

import argparse
import json
import os
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "scripts", "evaluation"))
import wider_reference  # noqa: E402
import wider_synthetic  # noqa: E402

EVENTS = ["15--Stock_Market", "27--Spa", "49--Greeting", "54--Rescue"]

# name: (style, order, what the case pins)
CASES = {
    "unit-shuffled": ("unit", "shuffled", "lines in random order: the official reader sorts by score, the port does not"),
    "unit-sorted": ("unit", "sorted", "3-decimal scores in [0,1], many ties and exact threshold hits; sorted files"),
    "counts-sorted": ("counts", "sorted", "integer scores 3..60: the port's min stays 1, but the 58 levels fall in the same bins either way"),
    "above-one-sorted": ("above-one", "sorted", "full-precision scores above 1: the port's min stays 1, which moves scores between bins"),
    "margins-shuffled": ("margins", "shuffled", "negative and positive full-precision margins"),
    "negative-sorted": ("negative", "sorted", "only negative scores: max stays realmin('single'), nothing normalises to 1"),
    "crowd-sorted": ("crowd", "sorted", "boxes within IoU 0.5 of two faces, nearer the later one: official takes the first"),
    "constant-sorted": ("constant", "sorted", "all scores equal: 0/0 normalisation, no prediction counts, AP 0"),
}


def bundle(folder):
    """The prediction files of `folder` as one text: header line, then the file verbatim."""
    parts = []
    for event in sorted(os.listdir(folder)):
        for name in sorted(os.listdir(os.path.join(folder, event))):
            text = open(os.path.join(folder, event, name)).read()
            parts.append(f"=== {event}/{name}\n{text}")
    return "".join(parts)


CHECKPOINTS = [1] + list(range(50, 1001, 50))


def checkpoints(result):
    """Cumulative [t, proposals, recalled] at thresholds 1 - t/1000 for a few t."""
    return [[t, result["proposals"][t - 1], result["recalled"][t - 1]] for t in CHECKPOINTS]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--gt", required=True)
    parser.add_argument("--eval-tools", help="official eval_tools folder: also run it under Octave")
    args = parser.parse_args()
    expected = {"generator": "Tests/Fixtures/WIDER/generate.py", "events": EVENTS, "cases": {}}
    previous_path = os.path.join(HERE, "expected.json")
    previous = json.load(open(previous_path))["cases"] if os.path.exists(previous_path) else {}
    for name, (style, order, pins) in CASES.items():
        with tempfile.TemporaryDirectory() as folder:
            wider_synthetic.write(args.gt, folder, style, seed=1, events=set(EVENTS), order=order)
            open(os.path.join(HERE, name + ".bundle"), "w").write(bundle(folder))
            matlab = wider_reference.evaluate(args.gt, folder, "matlab", set(EVENTS))
            port = wider_reference.evaluate(args.gt, folder, "python-port", set(EVENTS))
            case = {"pins": pins, "predictions": matlab["predictions"], "score_normalisation": matlab["score_normalisation"]}
            for setting in wider_reference.SETTINGS:
                m = matlab[setting]
                with np.errstate(invalid="ignore", divide="ignore"):
                    precision = np.array(m["recalled"]) / np.array(m["proposals"])
                case[setting] = {
                    "ap": m["ap"],
                    "faces": m["faces"],
                    "python_port_ap": port[setting]["ap"],
                    "nan_precision_thresholds": int(np.isnan(precision).sum()),
                    "counts": checkpoints(m),
                }
            # What each of the port's differences changes on its own (largest |ΔAP| over settings).
            case["port_part_effects"] = {}
            for part in wider_reference.PARTS:
                swapped = wider_reference.evaluate(args.gt, folder, "matlab", set(EVENTS), port_parts=[part])
                case["port_part_effects"][part] = max(abs(swapped[s]["ap"] - matlab[s]["ap"]) for s in wider_reference.SETTINGS)
            if args.eval_tools:
                import wider_official_octave
                official = wider_official_octave.run(args.eval_tools, args.gt, folder, set(EVENTS))
                for setting in wider_reference.SETTINGS:
                    m = matlab[setting]
                    assert abs(official[setting]["ap"] - m["ap"]) < 1e-12, (name, setting, official[setting]["ap"], m["ap"])
                    with np.errstate(invalid="ignore", divide="ignore"):
                        precision = np.array(m["recalled"]) / np.array(m["proposals"])
                        recall = np.array(m["recalled"]) / m["faces"]
                    octave_precision = np.array([np.nan if v is None else v for v in official[setting]["precision"]])
                    assert np.array_equal(octave_precision, precision, equal_nan=True), (name, setting)
                    assert np.array_equal(np.array(official[setting]["recall"]), recall, equal_nan=True), (name, setting)
                    case[setting]["official_octave_ap"] = official[setting]["ap"]
            else:
                for setting in wider_reference.SETTINGS:
                    kept = previous.get(name, {}).get(setting, {}).get("official_octave_ap")
                    if kept is not None:
                        case[setting]["official_octave_ap"] = kept
            expected["cases"][name] = case
            print(name, {s: round(case[s]["ap"], 6) for s in wider_reference.SETTINGS},
                  "port", {s: round(case[s]["python_port_ap"], 6) for s in wider_reference.SETTINGS},
                  "effects", {k: f"{v:.2e}" for k, v in case["port_part_effects"].items()})
    with open(os.path.join(HERE, "expected.json"), "w") as f:
        json.dump(expected, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
