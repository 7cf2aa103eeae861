"""Shared fixtures: one build of the real corpus per test session, in a temporary data directory."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.assemble import build_knowledge_base  # noqa: E402
from kb.build import build  # noqa: E402
from kb.corpus import load_corpus  # noqa: E402


@pytest.fixture(scope="session")
def corpus():
    return load_corpus(ROOT / "corpus")


@pytest.fixture(scope="session")
def kb(corpus):
    """The assembled knowledge base (before serialisation)."""
    return build_knowledge_base(corpus)


@pytest.fixture(scope="session")
def data_dir(tmp_path_factory):
    """A data directory holding one build of corpus/."""
    base = tmp_path_factory.mktemp("data")
    build(ROOT / "corpus", base, log=lambda *_: None)
    return base


@pytest.fixture(scope="session")
def app(data_dir):
    from web import create_app
    app = create_app({"DATA_DIR": str(data_dir), "TESTING": True})
    return app


@pytest.fixture()
def client(app):
    return app.test_client()


@pytest.fixture(scope="session")
def store(app):
    with app.app_context():
        from web.state import store as get
        return get()


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
               KB_ACCESS_LOG="off", KB_LOG_LEVEL="warning", PYTHONUNBUFFERED="1", **(env_extra or {}))
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
