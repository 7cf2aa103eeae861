"""Configuration read from the environment, in one place every layer above kb may import (kb itself takes
its paths as parameters, so the Markdown extension installs on its own).

    KB_DATA_DIR       where builds live (default ./var)
    KB_CORPUS_DIR     the corpus that build and check read (default ./corpus)
    KB_PRUNE_GRACE    seconds a retired build stays on disk at least (default 120)
    KB_MAX_QUERY_LENGTH, KB_MAX_LINKIFY_BYTES, KB_MAX_RESULTS   request limits of the web app
"""
from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent
PRUNE_GRACE = 120.0


def data_dir() -> Path:
    return Path(os.environ.get("KB_DATA_DIR", ROOT / "var"))


def corpus_dir() -> Path:
    return Path(os.environ.get("KB_CORPUS_DIR", ROOT / "corpus"))


def prune_grace() -> float:
    """Raises ValueError naming the variable when it is not a number."""
    try:
        return float(os.environ.get("KB_PRUNE_GRACE", PRUNE_GRACE))
    except ValueError:
        raise ValueError(f"KB_PRUNE_GRACE must be a number of seconds, not {os.environ['KB_PRUNE_GRACE']!r}") from None


def request_limits() -> dict:
    """The web app's limits, as Flask config keys."""
    return {
        "MAX_QUERY_LENGTH": int(os.environ.get("KB_MAX_QUERY_LENGTH", "500")),
        "MAX_LINKIFY_BYTES": int(os.environ.get("KB_MAX_LINKIFY_BYTES", str(256 * 1024))),
        "MAX_RESULTS": int(os.environ.get("KB_MAX_RESULTS", "50")),
    }
