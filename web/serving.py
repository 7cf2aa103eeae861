"""Production serving with gunicorn (never Flask's debug server). Settings from the environment:
KB_WORKERS (default 2 × CPUs + 1), KB_TIMEOUT, KB_GRACEFUL_TIMEOUT, KB_ACCESS_LOG ('-' for stdout)."""
from __future__ import annotations

import multiprocessing
import os

from gunicorn.app.base import BaseApplication


class Server(BaseApplication):
    def __init__(self, options: dict):
        self.options = options
        super().__init__()

    def load_config(self):
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self):
        from web import create_app
        return create_app()


def options(host: str, port: int) -> dict:
    return {
        "bind": f"{host}:{port}",
        "workers": int(os.environ.get("KB_WORKERS", multiprocessing.cpu_count() * 2 + 1)),
        "timeout": int(os.environ.get("KB_TIMEOUT", "30")),
        "graceful_timeout": int(os.environ.get("KB_GRACEFUL_TIMEOUT", "20")),
        "accesslog": os.environ.get("KB_ACCESS_LOG", "-"),
        "errorlog": "-",
        "preload_app": False,
    }


def serve(host: str, port: int) -> None:
    Server(options(host, port)).run()
