"""`build`: composes the knowledge base (kb) and the search index (indexer) from corpus/ into a versioned
artifact directory, switched in atomically; it sits above both layers (docs/architecture.md). A failed build leaves the served build untouched and says which file and line is wrong.

Layout under the data directory (default ./var, or $KB_DATA_DIR):
    builds/<version>-<n>/kb.json, index/, manifest.json
    current -> builds/<version>-<n>   (a symlink replaced in one rename)
    .build.lock                       (one build at a time per data directory)

A build is written into builds/.tmp-*, flushed to disk, renamed to its final name and only then switched in,
so a reader that follows `current` sees either the old build or the new one, whole. The build that was current
is marked retired (its mtime set to the switch time) and stays on disk for at least KB_PRUNE_GRACE seconds
(default 120, longer than any request may run under gunicorn's timeout) and among the KEEP_BUILDS newest, so a
worker still answering a request from it never has its files removed under it.
"""
from __future__ import annotations

import errno
import fcntl
import hashlib
import json
import os
import shutil
import tempfile
import time
from pathlib import Path

import config
from config import corpus_dir, data_dir
import indexer
from kb.artifact import to_artifact
from kb.assemble import build_knowledge_base
from kb.corpus import CorpusError, input_files, load_corpus
from kb.gate import yield_problems
from kb.glossaries import glossary_tables

ROOT = config.ROOT
CODE_DIRS = ("kb", "indexer")
CODE_FILES = ("builder.py",)
KEEP_BUILDS = 3
STALE_TMP = 3600.0  # a .tmp- build directory this old was left by a crashed build


class BuildError(Exception):
    pass


def input_hash(corpus: Path | None = None) -> str:
    corpus = corpus or corpus_dir()
    h = hashlib.sha256()
    files = [(f"corpus/{p.relative_to(corpus)}", p) for p in input_files(corpus)]
    for d in CODE_DIRS:
        files += [(f"{d}/{p.relative_to(ROOT / d)}", p) for p in sorted((ROOT / d).rglob("*.py"))]
    files += [(name, ROOT / name) for name in CODE_FILES]
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
    try:
        (base / "builds").mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BuildError(f"{base}: cannot create the data directory: {exc.strerror}") from exc
    with _build_lock(base):
        digest = input_hash(corpus)
        tmp = Path(tempfile.mkdtemp(prefix=".tmp-", dir=base / "builds"))
        try:
            os.chmod(tmp, 0o755)  # servers may run as another user than the build
            try:
                loaded = load_corpus(corpus)
                kb = build_knowledge_base(loaded)
                glossaries = glossary_tables(loaded)
            except CorpusError as exc:
                raise BuildError(str(exc)) from exc
            if kb.problems:
                raise BuildError("the corpus contradicts itself:\n  " + "\n  ".join(kb.problems))
            lost = yield_problems(kb, loaded)
            if lost:
                raise BuildError("\n  ".join(lost))
            artifact = to_artifact(kb, digest)
            artifact["glossaries"] = glossaries      # the search vocabulary, read by the index from here
            _write(tmp / "kb.json", json.dumps(artifact, ensure_ascii=False, sort_keys=True))
            indexer.build_index(artifact, tmp / "index")
            info = {"version": digest, "input_hash": digest, "format": artifact["format"],
                    "built_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                    "seconds": round(time.perf_counter() - started, 3), "stats": artifact["stats"]}
            _write(tmp / "manifest.json", json.dumps(info, indent=2, ensure_ascii=False))
            _sync_tree(tmp)
            n = 1
            while (base / "builds" / f"{digest}-{n}").exists():
                n += 1
            final = base / "builds" / f"{digest}-{n}"
            os.rename(tmp, final)
            _fsync_dir(base / "builds")
        except OSError as exc:
            shutil.rmtree(tmp, ignore_errors=True)
            raise BuildError(f"{exc.filename or base}: cannot write the build: {exc.strerror or exc}") from exc
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)
            raise
        switch(base, final)
        prune(base, keep=final)
    log(f"built {final.name} in {time.perf_counter() - started:.2f}s")
    return final


class _build_lock:
    """An exclusive lock on <base>/.build.lock: concurrent builds of one data directory run one after the other
    (the lock goes with the process, so a crashed build never leaves it held)."""

    def __init__(self, base: Path):
        self.path = base / ".build.lock"

    def __enter__(self):
        self.fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        fcntl.flock(self.fd, fcntl.LOCK_EX)
        return self

    def __exit__(self, *exc):
        fcntl.flock(self.fd, fcntl.LOCK_UN)
        os.close(self.fd)


def _write(path: Path, text: str) -> None:
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())


def _fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _sync_tree(root: Path) -> None:
    """Flush every file of a finished build (the index writer's too) before it is switched in."""
    for path in sorted(root.rglob("*"), reverse=True):
        if path.is_file():
            with open(path, "rb") as f:
                os.fsync(f.fileno())
    _fsync_dir(root)


def switch(base: Path, target: Path) -> None:
    """Point `current` at target in one rename; the build it pointed at is marked retired (mtime = now)."""
    link = base / "current"
    previous = current_dir(base)
    tmp_link = base / f".current-{os.getpid()}"
    try:
        tmp_link.unlink()
    except FileNotFoundError:
        pass
    os.symlink(os.path.relpath(target, base), tmp_link)
    os.replace(tmp_link, link)
    _fsync_dir(base)
    if previous is not None and previous != target.resolve():
        try:
            os.utime(previous)
        except OSError:
            pass


def prune_grace() -> float:
    try:
        return config.prune_grace()
    except ValueError as exc:
        raise BuildError(str(exc)) from None


def prune(base: Path, keep: Path, now: float | None = None) -> list[Path]:
    """Remove old builds: never `keep` (the current one), never one of the KEEP_BUILDS - 1 served before it, and
    never one retired less than KB_PRUNE_GRACE seconds ago (a worker may still be answering a request from it).
    Also removes .tmp- directories left by a build that crashed more than an hour ago. Returns what it removed."""
    now = time.time() if now is None else now
    grace = prune_grace()
    builds_dir = base / "builds"
    removed: list[Path] = []
    entries = []
    for p in builds_dir.iterdir():
        try:
            if not p.is_dir() or p.is_symlink():
                continue
            entries.append((p.stat().st_mtime, p))
        except FileNotFoundError:
            continue
    entries.sort(reverse=True)
    protected = {keep.resolve(), current_dir(base)}
    others = [(m, p) for m, p in entries if not p.name.startswith(".") and p.resolve() not in protected]
    for mtime, old in others[KEEP_BUILDS - 1:]:  # the current build and the KEEP_BUILDS - 1 served last stay
        if now - mtime < grace:
            continue
        shutil.rmtree(old, ignore_errors=True)
        removed.append(old)
    for mtime, tmp in entries:
        if tmp.name.startswith(".tmp-") and now - mtime > STALE_TMP:
            shutil.rmtree(tmp, ignore_errors=True)
            removed.append(tmp)
    for stale in base.glob(".current-*"):
        pid = stale.name.rsplit("-", 1)[-1]
        if pid.isdigit() and not _alive(int(pid)):
            try:
                stale.unlink()
            except OSError:
                pass
    return removed


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except OSError as exc:
        return exc.errno == errno.EPERM
    return True
