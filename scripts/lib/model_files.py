"""The model files the reference scripts compare FaceBench with, found where FaceBench finds
them: $FACEBENCH_MODELS, else ${XDG_CACHE_HOME:-~/.cache}/facebench/models (the cache
scripts/install-models.sh fills), then shared/models beside the checkout."""
import os

CHECKOUT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


def locate(relative):
    """The path of `relative` (e.g. "mmod/mmod_human_face_detector.dat"); exits naming the
    folders searched when it is in none."""
    cache = os.environ.get("FACEBENCH_MODELS") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "facebench", "models")
    folders = [cache, os.path.normpath(os.path.join(CHECKOUT, "..", "shared", "models"))]
    for folder in folders:
        if os.path.exists(os.path.join(folder, relative)):
            return os.path.join(folder, relative)
    raise SystemExit(f"{relative}: not found in {', '.join(folders)} (scripts/install-models.sh)")
