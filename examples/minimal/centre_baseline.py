#!/usr/bin/env python3
# The centre-prior baseline as a FaceBench external program (facebench.exec/1): one face,
# centred, its side half the image's shorter side.
import json
import sys

print(json.dumps({"protocol": "facebench.exec/1", "name": "centre-baseline", "version": "1",
                  "parameters": {"fraction": 0.5}, "input": "path"}), flush=True)
for line in sys.stdin:
    request = json.loads(line)
    width, height = request["width"], request["height"]
    side = min(width, height) * 0.5
    face = {"box": [(width - side) / 2, (height - side) / 2, side, side], "score": 1.0}
    print(json.dumps({"id": request["id"], "faces": [face]}), flush=True)
