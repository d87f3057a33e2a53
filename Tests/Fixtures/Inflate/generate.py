#!/usr/bin/env python3
"""Generates zlib streams for ZlibTests (the system zlib behind SystemZlib) with Python's zlib (the reference encoder).

Each case's uncompressed bytes come from a rule the Swift test can rebuild (a linear
congruential generator and a word list), so the fixture holds only the compressed stream.
Run from the repository root:  python3 Tests/Fixtures/Inflate/generate.py
"""
import base64
import json
import os
import zlib

WORDS = [b"face", b"detector", b"the", b"WIDER", b"benchmark", b"ellipse", b" ", b"\n", b"0.5", b"MATLAB"]


def lcg_bytes(seed, count):
    """x <- (1103515245 x + 12345) mod 2^31, emitting bits 16..23 of each state."""
    x, out = seed, bytearray()
    for _ in range(count):
        x = (1103515245 * x + 12345) % 2**31
        out.append((x >> 16) & 0xFF)
    return bytes(out)


def lcg_words(seed, count):
    """Words picked by the same generator, until at least `count` bytes; then cut to `count`."""
    x, out = seed, bytearray()
    while len(out) < count:
        x = (1103515245 * x + 12345) % 2**31
        out += WORDS[(x >> 16) % len(WORDS)]
    return bytes(out[:count])


def content(rule):
    kind, seed, count = rule["kind"], rule["seed"], rule["count"]
    if kind == "random":
        return lcg_bytes(seed, count)
    if kind == "words":
        return lcg_words(seed, count)
    if kind == "random-twice":  # a block repeated: matches at distance == count (<= 32768)
        block = lcg_bytes(seed, count)
        return block + block
    raise ValueError(kind)


def compress(data, level, strategy=zlib.Z_DEFAULT_STRATEGY, chunks=1):
    """zlib stream; with chunks > 1, a sync flush between chunks adds empty stored blocks."""
    encoder = zlib.compressobj(level, zlib.DEFLATED, 15, 9, strategy)
    out = bytearray()
    step = max(1, len(data) // chunks)
    for start in range(0, len(data), step):
        out += encoder.compress(data[start:start + step])
        if chunks > 1:
            out += encoder.flush(zlib.Z_SYNC_FLUSH)
    out += encoder.flush()
    return bytes(out)


CASES = [
    ("empty", {"kind": "words", "seed": 1, "count": 0}, 6, {}),
    ("stored-small", {"kind": "words", "seed": 2, "count": 300}, 0, {}),
    ("stored-multi-block", {"kind": "random", "seed": 3, "count": 70000}, 0, {}),
    ("fixed-huffman", {"kind": "words", "seed": 4, "count": 200}, 9, {"strategy": zlib.Z_FIXED}),
    ("dynamic-text", {"kind": "words", "seed": 5, "count": 200000}, 9, {}),
    ("dynamic-fast", {"kind": "words", "seed": 6, "count": 120000}, 1, {}),
    ("huffman-only", {"kind": "words", "seed": 7, "count": 20000}, 6, {"strategy": zlib.Z_HUFFMAN_ONLY}),
    ("rle", {"kind": "words", "seed": 8, "count": 20000}, 6, {"strategy": zlib.Z_RLE}),
    ("far-matches", {"kind": "random-twice", "seed": 9, "count": 32000}, 9, {}),
    ("sync-flushes", {"kind": "words", "seed": 10, "count": 30000}, 6, {"chunks": 7}),
    ("random-incompressible", {"kind": "random", "seed": 11, "count": 4000}, 9, {}),
]


def main():
    cases = []
    for name, rule, level, options in CASES:
        data = content(rule)
        stream = compress(data, level, options.get("strategy", zlib.Z_DEFAULT_STRATEGY), options.get("chunks", 1))
        assert zlib.decompress(stream) == data
        cases.append({"name": name, "content": rule, "zlib": base64.b64encode(stream).decode()})
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "streams.json")
    with open(path, "w") as f:
        json.dump({"generator": "Tests/Fixtures/Inflate/generate.py", "zlib": zlib.ZLIB_VERSION, "cases": cases}, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
