"""Shared fixtures: one build of the real corpus per test session, in a temporary data directory."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.assemble import build_knowledge_base  # noqa: E402
from builder import build  # noqa: E402
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

