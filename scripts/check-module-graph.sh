#!/usr/bin/env bash
# Checks that every Swift file imports only targets its own target declares as dependencies in
# Package.swift (the graph drawn at its top). SwiftPM refuses an upward import in a clean build,
# but an incremental build can find an undeclared module already built; this check cannot.
# Run by `make test`; exits 1 listing each offending file and import.
set -euo pipefail
cd "$(dirname "$0")/.."
FACEBENCH_FUZZ=1 swift package dump-package | /usr/bin/python3 -c '
import json, os, re, sys
package = json.load(sys.stdin)
targets = {t["name"]: t for t in package["targets"]}
def dependencies(target):
    names = set()
    for dependency in target["dependencies"]:
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                names.add(dependency[kind][0])
    return names
def folder(target):
    if target.get("path"):
        return target["path"]
    return ("Tests/" if target["type"] == "test" else "Sources/") + target["name"]
imports = re.compile(r"^\s*(?:@testable\s+)?import\s+(\w+)", re.M)
problems = 0
for name, target in sorted(targets.items()):
    allowed = dependencies(target)
    for root, _, files in os.walk(folder(target)):
        for file in sorted(files):
            if not file.endswith(".swift"):
                continue
            path = os.path.join(root, file)
            for module in imports.findall(open(path, encoding="utf-8").read()):
                if module in targets and module not in allowed and module != name:
                    print(f"{path}: imports {module}, which {name} does not depend on (Package.swift)")
                    problems += 1
if problems:
    sys.exit(1)
print(f"module graph: the imports of {len(targets)} targets follow Package.swift")
'
