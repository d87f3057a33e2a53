#!/usr/bin/env bash
# Installs the Debian 12 packages FaceBench builds and tests with, if any are missing.
# Needs root (or sudo). Safe to run repeatedly: does nothing when all are present.
set -euo pipefail

packages=(
  libopencv-dev opencv-data          # OpenCV 4.6: CascadeClassifier, the Haar and LBP cascades
  libdlib-dev libdlib-data           # dlib 19.24: HOG face detector, 68-point shape predictor
  liblapack-dev libblas-dev          # dlib's headers call LAPACK/BLAS directly
  libjpeg-dev libpng-dev             # image decoding (libjpeg-turbo, libpng)
  libjson-c-dev                      # C JSON library measured against FaceBench's own reader
  python3-opencv                     # OpenCV's Python bindings: parity checks, the example plugin, fuzz seeds
  time                               # GNU time: the fuzzers' peak memory (scripts/fuzz.sh)
  zsh                                # the zsh completion script is checked by running zsh itself
)
if [ "${FACEBENCH_WITH_CHROMIUM:-0}" = 1 ]; then packages+=(chromium); fi

# pycocotools (PyPI), the reference COCO evaluator, for the checks that compare against it.
if ! python3 -c "import pycocotools" 2>/dev/null; then
  python3 -m pip install --quiet --disable-pip-version-check pycocotools >/dev/null 2>&1 \
    || echo "install-dependencies: pycocotools unavailable; checks against it will be skipped" >&2
fi

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "install-dependencies: installing ${missing[*]}" >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
