"""The build gate against silent loss: every source's meta.json records what the file is and what it must yield.

    "sha256": "…", "size": 22635,                      the file's bytes, checked when the corpus is read
    "yields": {"articles_with_text": 18, …}             counts its parse must give, checked after assembling

A source file without a meta.json, a file whose hash or size differs (truncated, doubled, edited) and a parse
that yields other counts (a parser or annotation change that drops text) all fail `build` and `check` with the
file and the reason, so the served build stays as it is. A deliberate change is accepted with
`python app.py check --accept <file>`, which prints the new counts beside the recorded ones and writes them."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

from .corpus_error import CorpusError

ACCEPT_HINT = "if the change is deliberate: python app.py check --accept {file}"


def file_facts(path: Path) -> dict:
    data = path.read_bytes()
    return {"sha256": hashlib.sha256(data).hexdigest(), "size": len(data)}


def check_file(meta_path: Path, meta: dict, data: bytes) -> None:
    """The recorded sha256 and size of a source against its bytes (CorpusError naming the file)."""
    path = meta_path.parent / meta["file"]
    hint = ACCEPT_HINT.format(file=path)
    if "sha256" not in meta or "size" not in meta:
        raise CorpusError(meta_path, None, f"records no sha256 and size of {meta['file']}; {hint}")
    if len(data) != meta["size"]:
        raise CorpusError(path, None, f"is {len(data)} bytes, its meta.json records {meta['size']} "
                                      f"(truncated, extended or replaced?); {hint}")
    if hashlib.sha256(data).hexdigest() != meta["sha256"]:
        raise CorpusError(path, None, f"sha256 differs from the one its meta.json records (the file changed); {hint}")


def check_every_source_has_meta(sources_dir: Path) -> None:
    named = set()
    for meta_path in sources_dir.glob("*.meta.json"):
        try:
            named.add(json.loads(meta_path.read_text("utf-8")).get("file"))
        except (OSError, ValueError, AttributeError):
            continue  # read_json reports it with its line
    for path in sorted(sources_dir.iterdir()):
        if path.is_file() and not path.name.endswith(".meta.json") and not path.name.startswith(".") \
                and path.name not in named:
            raise CorpusError(path, None, f"has no metadata: add {path.name.rsplit('.', 1)[0]}.meta.json "
                                          "(edition, title, format, provenance), then python app.py check "
                                          f"--accept {path}")


def _text_counts(arts) -> dict:
    arts = list(arts)
    sections = [s for a in arts for s in a.walk()]
    return {"articles": len(arts), "articles_with_text": sum(1 for a in arts if a.has_text),
            "sections": len(sections), "sections_with_text": sum(1 for s in sections if s.text),
            "characters": sum(len(a.text) for a in arts) + sum(len(s.text) for s in sections)
            + sum(len(u.get("text", "")) for a in arts for u in a.unplaced)}


def yields(kb, name: str, fmt: str) -> dict:
    """What one source gives the knowledge base, as fits its format."""
    if fmt == "guide":
        passages = [p for p in kb.guide if p.source.file == name]
        return {"passages": len(passages), "characters": sum(len(p.text) for p in passages)}
    out = _text_counts(kb.parsed.get(name, {}).values())
    if fmt == "chunks":
        out["index_entries"] = sum(1 for k in kb.keywords if k.source.file == name)
        out["definitions"] = sum(1 for d in kb.definitions if d.source.file == name)
    return out


def yield_problems(kb, corpus) -> list[str]:
    """Every source whose counts differ from its meta's, with the file and the counts."""
    out = []
    for source in corpus.sources:
        meta_path = source.meta_path
        recorded, now = source.meta.get("yields"), yields(kb, source.name, source.format)
        if recorded is None:
            out.append(f"{meta_path}: records no yields; {ACCEPT_HINT.format(file=source.path)}")
        elif recorded != now:
            diff = ", ".join(f"{k} {now.get(k)} (recorded {recorded.get(k)})" for k in sorted(set(now) | set(recorded))
                             if now.get(k) != recorded.get(k))
            out.append(f"{source.path}: yields other counts than its meta.json records: {diff}; "
                       + ACCEPT_HINT.format(file=source.path))
    return out


def meta_path_of(corpus_root: Path, given: str) -> Path:
    """The meta.json of a source given as its .txt, its .meta.json or its name (in corpus/sources/)."""
    path = Path(given)
    candidates = [path, corpus_root / "sources" / path.name]
    for p in candidates:
        if p.name.endswith(".meta.json") and p.is_file():
            return p
        meta = p.parent / f"{p.name.rsplit('.', 1)[0]}.meta.json"
        if meta.is_file():
            return meta
    raise CorpusError(given, None, f"no meta.json found for it in {corpus_root / 'sources'}")


def write_meta(meta_path: Path, meta: dict) -> None:
    meta_path.write_text(json.dumps(meta, ensure_ascii=False, indent=2) + "\n", "utf-8")
