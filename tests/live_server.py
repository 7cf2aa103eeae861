"""A real `python app.py serve` for the tests that need one (tests/test_rebuild.py, tests/test_hardening.py)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def start_server(base: Path, log_path: Path, env_extra: dict | None = None, corpus: Path | None = None):
    """A real `python app.py serve` (gunicorn) on a free loopback port serving the build in `base`; returns
    (process, port) once /api/v1/health answers. The caller stops it (stop_server)."""
    import http.client
    import os
    import socket
    import subprocess
    import time
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = dict(os.environ, KB_DATA_DIR=str(base), KB_CORPUS_DIR=str(corpus or ROOT / "corpus"), KB_WORKERS="2",
               KB_ACCESS_LOG="off", KB_LOG_LEVEL="warning", PYTHONUNBUFFERED="1")
    env.update(env_extra or {})     # a test's own settings win over these defaults
    log = open(log_path, "w")
    proc = subprocess.Popen([sys.executable, "app.py", "serve", "--host", "127.0.0.1", "--port", str(port)],
                            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    log.close()
    deadline = time.time() + 60
    while True:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/api/v1/health")
            if conn.getresponse().status == 200:
                return proc, port
        except OSError:
            pass
        if proc.poll() is not None or time.time() > deadline:
            proc.kill()
            pytest.fail("the server did not start:\n" + log_path.read_text()[-3000:])
        time.sleep(0.2)


def stop_server(proc) -> None:
    import signal
    import subprocess
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
