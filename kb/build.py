"""`build`: a pure function from corpus/ (and the code) to a versioned artifact directory, switched in
atomically. A failed build leaves the served build untouched and says which file and line is wrong.

Layout under the data directory (default ./var, or $KB_DATA_DIR):
    builds/<version>-<n>/kb.json, index/, manifest.json
    current -> builds/<version>-<n>   (a symlink replaced in one rename)
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
import time
from pathlib import Path

from .artifact import to_artifact
from .assemble import build_knowledge_base
from .corpus import CorpusError, input_files, load_corpus

ROOT = Path(__file__).resolve().parent.parent
CODE_DIRS = ("kb", "indexer")
KEEP_BUILDS = 3


class BuildError(Exception):
    pass


def data_dir() -> Path:
    return Path(os.environ.get("KB_DATA_DIR", ROOT / "var"))


def corpus_dir() -> Path:
    return Path(os.environ.get("KB_CORPUS_DIR", ROOT / "corpus"))


def input_hash(corpus: Path | None = None) -> str:
    corpus = corpus or corpus_dir()
    h = hashlib.sha256()
    files = [(f"corpus/{p.relative_to(corpus)}", p) for p in input_files(corpus)]
    for d in CODE_DIRS:
        files += [(f"{d}/{p.relative_to(ROOT / d)}", p) for p in sorted((ROOT / d).rglob("*.py"))]
    for name, path in sorted(files):
        h.update(name.encode() + b"\0")
        try:
            h.update(path.read_bytes())
        except OSError as exc:
            raise BuildError(f"{path}: cannot read: {exc.strerror}") from exc
        h.update(b"\0")
    return h.hexdigest()[:16]


def current_dir(base: Path | None = None) -> Path | None:
    link = (base or data_dir()) / "current"
    try:
        target = os.readlink(link)
    except OSError:
        return None
    path = (link.parent / target).resolve()
    return path if (path / "manifest.json").is_file() else None


def manifest(base: Path | None = None) -> dict | None:
    cur = current_dir(base)
    if cur is None:
        return None
    try:
        return json.loads((cur / "manifest.json").read_text("utf-8"))
    except (OSError, ValueError):
        return None


def is_stale(corpus: Path | None = None, base: Path | None = None) -> bool:
    m = manifest(base)
    return m is None or m.get("input_hash") != input_hash(corpus)


def build(corpus: Path | None = None, base: Path | None = None, log=print) -> Path:
    corpus = corpus or corpus_dir()
    base = base or data_dir()
    started = time.perf_counter()
    (base / "builds").mkdir(parents=True, exist_ok=True)
    digest = input_hash(corpus)
    tmp = Path(tempfile.mkdtemp(prefix=".tmp-", dir=base / "builds"))
    try:
        try:
            kb = build_knowledge_base(load_corpus(corpus))
        except CorpusError as exc:
            raise BuildError(str(exc)) from exc
        if kb.problems:
            raise BuildError("the corpus contradicts itself:\n  " + "\n  ".join(kb.problems))
        artifact = to_artifact(kb, digest)
        (tmp / "kb.json").write_text(json.dumps(artifact, ensure_ascii=False, sort_keys=True), "utf-8")
        from indexer import build_index  # the search engine stays behind indexer/
        build_index(artifact, tmp / "index")
        info = {"version": digest, "input_hash": digest, "format": artifact["format"],
                "built_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                "seconds": round(time.perf_counter() - started, 3), "stats": artifact["stats"]}
        (tmp / "manifest.json").write_text(json.dumps(info, indent=2, ensure_ascii=False), "utf-8")
        n = 1
        while (base / "builds" / f"{digest}-{n}").exists():
            n += 1
        final = base / "builds" / f"{digest}-{n}"
        os.rename(tmp, final)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    switch(base, final)
    prune(base, keep=final)
    log(f"built {final.name} in {time.perf_counter() - started:.2f}s")
    return final


def switch(base: Path, target: Path) -> None:
    link = base / "current"
    tmp_link = base / f".current-{os.getpid()}"
    try:
        tmp_link.unlink()
    except FileNotFoundError:
        pass
    os.symlink(os.path.relpath(target, base), tmp_link)
    os.replace(tmp_link, link)


def prune(base: Path, keep: Path) -> None:
    """Keep the newest builds (a worker may still read the previous one)."""
    builds = sorted((p for p in (base / "builds").iterdir() if p.is_dir() and not p.name.startswith(".")),
                    key=lambda p: p.stat().st_mtime, reverse=True)
    for old in builds[KEEP_BUILDS:]:
        if old != keep:
            shutil.rmtree(old, ignore_errors=True)
