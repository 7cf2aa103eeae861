"""Access to the current build from request handlers."""
from __future__ import annotations

from pathlib import Path

from flask import Flask, current_app

from kb.store import Store, StoreHolder


def init_app(app: Flask) -> None:
    app.extensions["kb"] = StoreHolder(Path(app.config["DATA_DIR"]))


def store() -> Store:
    """The store of the current build (reloaded when a rebuild switches it in)."""
    return current_app.extensions["kb"].get()
