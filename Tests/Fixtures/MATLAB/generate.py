#!/usr/bin/env python3
"""Writes small MAT-files with scipy.io.savemat (the reference writer) for MATFileTests.

Outputs, next to this script:
  variables.mat             uncompressed, little-endian
  variables-compressed.mat  every variable in a zlib-compressed element
  variables-big-endian.mat  variables.mat with every tag and value byte-swapped
  expected.json             what each variable must read as (class, dimensions, values)
Run from the repository root:  python3 Tests/Fixtures/MATLAB/generate.py
"""
import json
import os
import struct

import numpy as np
import scipy.io

HERE = os.path.dirname(os.path.abspath(__file__))


def variables():
    cells = np.empty((2, 2), dtype=object)
    cells[0, 0] = np.array([[1, 2, 3]], dtype=np.int32)
    cells[1, 0] = "text"
    cells[0, 1] = np.zeros((0, 1), dtype=np.uint8)
    inner = np.empty((1, 1), dtype=object)
    inner[0, 0] = np.array([[2.5]])
    cells[1, 1] = inner
    return {
        "scalar": 3.25,
        "matrix": np.array([[1.5, -2.0, 3.0], [4.0, 5.0, 6.75]]),
        "int32s": np.array([[-7, 0, 2147483647]], dtype=np.int32),
        "uint8s": np.array([[0, 1, 255]], dtype=np.uint8),
        "int16s": np.array([[-32768, 5]], dtype=np.int16),
        "uint16s": np.array([[65535, 7]], dtype=np.uint16),
        "int64s": np.array([[-(2**40), 2**40]], dtype=np.int64),
        "singles": np.array([[0.1, -3.5]], dtype=np.float32),
        "flags": np.array([[True, False, True]]),
        "complexes": np.array([[1 + 2j, -3.5 - 0.25j]]),
        "name": "WIDER FACE",
        "letters": np.array(["ab", "cd", "ef"]),
        "cells": cells,
        "record": {"label": "face", "count": np.array([[12.0]])},
        "empty": np.zeros((0, 0)),
        "cube": np.arange(24, dtype=np.float64).reshape(2, 3, 4),
    }


# What MATFile must report: class name, dimensions, and the values in column-major order.
EXPECTED = {
    "scalar": {"class": "double", "dimensions": [1, 1], "real": [3.25]},
    "matrix": {"class": "double", "dimensions": [2, 3], "real": [1.5, 4.0, -2.0, 5.0, 3.0, 6.75]},
    "int32s": {"class": "int32", "dimensions": [1, 3], "real": [-7, 0, 2147483647]},
    "uint8s": {"class": "uint8", "dimensions": [1, 3], "real": [0, 1, 255]},
    "int16s": {"class": "int16", "dimensions": [1, 2], "real": [-32768, 5]},
    "uint16s": {"class": "uint16", "dimensions": [1, 2], "real": [65535, 7]},
    "int64s": {"class": "int64", "dimensions": [1, 2], "real": [-(2**40), 2**40]},
    "singles": {"class": "single", "dimensions": [1, 2], "real": [float(np.float32(0.1)), -3.5]},
    "flags": {"class": "uint8", "dimensions": [1, 3], "logical": True, "real": [1, 0, 1]},
    "complexes": {"class": "double", "dimensions": [1, 2], "real": [1.0, -3.5], "imaginary": [2.0, -0.25]},
    "name": {"class": "char", "dimensions": [1, 10], "rows": ["WIDER FACE"]},
    "letters": {"class": "char", "dimensions": [3, 2], "rows": ["ab", "cd", "ef"]},
    "cells": {"class": "cell", "dimensions": [2, 2]},
    "record": {"class": "struct", "dimensions": [1, 1], "fields": ["label", "count"]},
    "empty": {"class": "double", "dimensions": [0, 0], "real": []},
    "cube": {"class": "double", "dimensions": [2, 3, 4],
             "real": [float(v) for v in np.arange(24).reshape(2, 3, 4).flatten(order="F")]},
}

SIZES = {1: 1, 2: 1, 3: 2, 4: 2, 5: 4, 6: 4, 7: 4, 9: 8, 12: 8, 13: 8, 16: 1, 17: 2, 18: 4}


def swap_elements(data, start, end):
    """Byte-swaps the tagged elements in data[start:end] in place (uncompressed files)."""
    offset = start
    while offset + 8 <= end:
        first = struct.unpack_from("<I", data, offset)[0]
        if first >> 16:  # small element: 2-byte count, 2-byte type, 4 bytes of data
            count, kind = first >> 16, first & 0xFFFF
            struct.pack_into(">HH", data, offset, count, kind)
            swap_values(data, offset + 4, count, kind)
            offset += 8
            continue
        kind, count = first, struct.unpack_from("<I", data, offset + 4)[0]
        struct.pack_into(">II", data, offset, kind, count)
        if kind == 14:
            swap_elements(data, offset + 8, offset + 8 + count)
        else:
            swap_values(data, offset + 8, count, kind)
        offset += 8 + ((count + 7) & ~7)


def swap_values(data, start, count, kind):
    size = SIZES[kind]
    for position in range(start, start + count - count % size, size):
        data[position:position + size] = data[position:position + size][::-1]


def main():
    values = variables()
    plain = os.path.join(HERE, "variables.mat")
    scipy.io.savemat(plain, values, do_compression=False, oned_as="row")
    scipy.io.savemat(os.path.join(HERE, "variables-compressed.mat"), values, do_compression=True, oned_as="row")
    data = bytearray(open(plain, "rb").read())
    data[126:128] = b"MI"
    struct.pack_into(">H", data, 124, 0x0100)
    swap_elements(data, 128, len(data))
    open(os.path.join(HERE, "variables-big-endian.mat"), "wb").write(bytes(data))
    # The readers must agree with scipy on every file written here.
    for name in ["variables.mat", "variables-compressed.mat"]:
        loaded = scipy.io.loadmat(os.path.join(HERE, name))
        assert loaded["int32s"].dtype == np.int32 and loaded["cube"].shape == (2, 3, 4)
    with open(os.path.join(HERE, "expected.json"), "w") as f:
        json.dump(EXPECTED, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
