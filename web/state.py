"""Access to the current build from request handlers: per process, the build that `current` points at, its
knowledge base (kb.store.Store) and its search index (indexer.Searcher) composed here, above both layers."""
from __future__ import annotations

import os
import threading
from pathlib import Path

from flask import Flask, current_app

from indexer import Searcher
from kb.store import Store


def init_app(app: Flask) -> None:
    app.extensions["kb"] = StoreHolder(Path(app.config["DATA_DIR"]))


def store() -> Store:
    """The store of the current build (reloaded when a rebuild switches it in)."""
    return current_app.extensions["kb"].get()


class StoreHolder:
    """Per process: the store of the current build, reloaded when the `current` link moves."""

    def __init__(self, base: Path):
        self.base = Path(base)
        self._lock = threading.Lock()
        self._target: str | None = None
        self._store: Store | None = None

    def use_lock(self, lock) -> None:
        """The lock that guards a reload (the gevent worker gives a native one: its render threads call get())."""
        self._lock = lock

    def _current(self) -> str | None:
        try:
            return os.readlink(self.base / "current")
        except OSError:
            return None

    def get(self) -> Store:
        target = self._current()
        if target is None:
            raise FileNotFoundError(f"no build in {self.base}: run `python app.py build`")
        if target != self._target or self._store is None:
            with self._lock:
                if target != self._target or self._store is None:
                    directory = (self.base / target).resolve()
                    store = Store(directory)
                    store.searcher = Searcher(directory / "index")
                    self._store, self._target = store, target
        return self._store
