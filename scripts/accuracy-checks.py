#!/usr/bin/python3
"""The native backends' accuracy on whole datasets against the committed expectations
(Tests/Fixtures/Accuracy/backends.json): for each expected detector and dataset, recall and
precision of the run within the file's margin of tp/faces and tp/(tp+fp), and AP above its
min_ap50. `make test` checks the dlib-faces entries (BackendAccuracyTests, debug build); this
checks every entry on a release-build run (`make accuracy-checks`, a step of .ci/run).

Usage: accuracy-checks.py RUN [EXPECTATIONS]
    RUN           a run folder (facebench run --out RUN) holding DATASET/results.json for
                  every dataset the expectations name, with each expected detector at its
                  defaults (id = its kind)
    EXPECTATIONS  default Tests/Fixtures/Accuracy/backends.json
Prints one line per check; exit 1 if any fails or a result is missing or incomplete.
"""
import json
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def fail(message):
    print(f"accuracy-checks: {message}", file=sys.stderr)
    sys.exit(1)


def load_json(path):
    try:
        with open(path, encoding="utf-8") as file:
            return json.load(file)
    except (OSError, ValueError) as error:
        fail(f"{path}: {error}")


def number(value, where):
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        fail(f"{where}: expected a finite number, got {value!r}")
    return value


def count(value, where):
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        fail(f"{where}: expected a count (integer >= 0), got {value!r}")
    return value


def main():
    if len(sys.argv) not in (2, 3):
        print(__doc__.strip(), file=sys.stderr)
        sys.exit(64)
    run = sys.argv[1]
    expectations_path = sys.argv[2] if len(sys.argv) == 3 else os.path.join(HERE, "..", "Tests", "Fixtures", "Accuracy", "backends.json")
    expectations = load_json(expectations_path)
    if expectations.get("schema") != "facebench.backend-accuracy/1":
        fail(f"{expectations_path}: schema is {expectations.get('schema')!r}, expected 'facebench.backend-accuracy/1'")
    margin = number(expectations.get("margin"), f"{expectations_path}: margin")
    min_ap = number(expectations.get("min_ap50"), f"{expectations_path}: min_ap50")
    entries = expectations.get("expectations")
    if not isinstance(entries, list) or not entries:
        fail(f"{expectations_path}: expectations: expected a non-empty array")

    results = {}
    failures = 0
    for index, entry in enumerate(entries):
        where = f"{expectations_path}: expectations[{index}]"
        detector, dataset = entry.get("detector"), entry.get("dataset")
        if not isinstance(detector, str) or not isinstance(dataset, str):
            fail(f"{where}: detector and dataset must be strings")
        faces = count(entry.get("faces"), f"{where}.faces")
        tp, fp = count(entry.get("tp"), f"{where}.tp"), count(entry.get("fp"), f"{where}.fp")
        if faces == 0 or tp > faces or tp + fp == 0:
            fail(f"{where}: needs 0 < faces, tp <= faces and tp + fp > 0")

        path = os.path.join(run, dataset, "results.json")
        if path not in results:
            results[path] = load_json(path)
        result = results[path]
        settings, data = result.get("settings", {}), result.get("dataset", {})
        if result.get("interrupted") or data.get("images") != data.get("total_images"):
            fail(f"{path}: the run is incomplete ({data.get('images')} of {data.get('total_images')} images)")
        if settings.get("iou_threshold") != 0.5:
            fail(f"{path}: iou_threshold is {settings.get('iou_threshold')}, the expectations are at 0.5")
        if data.get("faces") != faces:
            fail(f"{path}: {data.get('faces')} faces, {where} expects {faces}")
        found = [d for d in result.get("detectors", []) if d.get("id") == detector]
        if not found:
            fail(f"{path}: no detector '{detector}' (ids: {', '.join(d.get('id', '?') for d in result.get('detectors', []))})")
        metrics = found[0].get("metrics", {})
        recall = number(metrics.get("recall"), f"{path}: {detector} metrics.recall")
        precision = number(metrics.get("precision"), f"{path}: {detector} metrics.precision")
        ap = number(metrics.get("ap"), f"{path}: {detector} metrics.ap")

        problems = []
        if abs(recall - tp / faces) > margin:
            problems.append(f"recall {recall:.4f}, expected {tp / faces:.4f} ± {margin}")
        if abs(precision - tp / (tp + fp)) > margin:
            problems.append(f"precision {precision:.4f}, expected {tp / (tp + fp):.4f} ± {margin}")
        if not ap > min_ap:
            problems.append(f"AP {ap:.4f}, expected > {min_ap}")
        status = "FAILED: " + "; ".join(problems) if problems else "ok"
        print(f"{detector} on {dataset}: recall {recall:.4f} precision {precision:.4f} AP {ap:.4f} "
              f"(tp {metrics.get('tp')}, fp {metrics.get('fp')}): {status}")
        failures += bool(problems)
    if failures:
        fail(f"{failures} of {len(entries)} checks failed against {expectations_path}")
    print(f"accuracy-checks: {len(entries)} checks match {expectations_path}")


if __name__ == "__main__":
    main()
