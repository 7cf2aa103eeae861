"""Starting and stopping `python app.py serve` for the browser tests (conftest.py, test_offline.py)."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(data_dir: Path, prefix: str = "", **env) -> tuple[subprocess.Popen, str]:
    """`python app.py serve` on a free loopback port, serving data_dir (under the path `prefix`, as SCRIPT_NAME,
    when given); returns once its /api/v1/health answers."""
    port = _free_port()
    env = dict(os.environ, KB_DATA_DIR=str(data_dir), KB_WORKERS="2", KB_ACCESS_LOG="", **env)
    if prefix:
        env["SCRIPT_NAME"] = prefix
    log_path = Path(data_dir) / "serve.log"
    log = open(log_path, "w")
    proc = subprocess.Popen([sys.executable, "app.py", "serve", "--host", "127.0.0.1", "--port", str(port)],
                            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    log.close()
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(url + prefix + "/api/v1/health", timeout=2) as r:
                if r.status == 200:
                    return proc, url
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            stop_server(proc)
            pytest.fail("server did not start:\n" + log_path.read_text()[-3000:])
        time.sleep(0.2)


def stop_server(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=20)
    except ProcessLookupError:
        pass
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=5)
