"""Reading corpus/: source files with their metadata, curated annotations and glossaries.

Every error names the file and line that is wrong (CorpusError), so a failed build says where to look."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from .corpus_error import CorpusError  # the parsers import it from here
from .gate import check_every_source_has_meta, check_file  # the gate against silent loss (kb/gate.py)
from .text import fold

FORMATS = {"chunks", "wiki", "bullets", "guide"}
META_FIELDS = {"file", "edition", "title", "format", "provenance"}
LINE_COLUMNS = ("line", "first", "last")  # annotation columns naming a line of the annotated source
NUMBER_COLUMNS = LINE_COLUMNS + ("level",)


@dataclass
class SourceFile:
    name: str
    path: Path
    meta: dict
    lines: list[str] = field(default_factory=list)  # raw lines, index 0 = line 1
    meta_path: Path | None = None

    @property
    def edition(self) -> str:
        return self.meta["edition"]

    @property
    def format(self) -> str:
        return self.meta["format"]

    def line(self, number: int) -> str:
        return self.lines[number - 1]


@dataclass
class Corpus:
    root: Path
    editions: dict
    sources: list[SourceFile]
    annotations: dict[str, list[dict]]
    glossaries: dict[str, list[dict]]

    @property
    def default_edition(self) -> str:
        return self.editions["default"]

    @property
    def edition_ids(self) -> list[str]:
        return sorted(self.editions["editions"])

    def source(self, name_prefix: str) -> SourceFile:
        for s in self.sources:
            if s.name.startswith(name_prefix):
                return s
        raise CorpusError(self.root, None, f"no source file starting with {name_prefix}")


def read_text(path: Path) -> str:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise CorpusError(path, None, f"cannot read: {exc.strerror}") from exc
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise CorpusError(path, line, f"not valid UTF-8 (byte {exc.start})") from exc
    if "\x00" in text:
        raise CorpusError(path, text[: text.index("\x00")].count("\n") + 1, "contains a NUL byte")
    return text


def read_json(path: Path) -> dict:
    text = read_text(path)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise CorpusError(path, exc.lineno, f"invalid JSON: {exc.msg}") from exc


def read_tsv(path: Path, required: tuple[str, ...] = ()) -> list[dict]:
    """Tab-separated rows; the first non-comment line names the columns; '#' starts a comment line.
    Each row gets '_line' (its line number) and '_file'."""
    rows: list[dict] = []
    header: list[str] | None = None
    for number, raw in enumerate(read_text(path).splitlines(), start=1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        cells = [c.strip() for c in raw.split("\t")]
        if header is None:
            header = cells
            missing = [c for c in required if c not in header]
            if missing:
                raise CorpusError(path, number, f"missing columns: {', '.join(missing)}")
            continue
        if len(cells) > len(header):
            raise CorpusError(path, number, f"{len(cells)} cells, the header names {len(header)}")
        row = dict(zip(header, cells + [""] * (len(header) - len(cells))))
        for col in NUMBER_COLUMNS:
            if row.get(col) and not (row[col].isascii() and row[col].isdigit()):  # '²'.isdigit() is true
                raise CorpusError(path, number, f"{col} must be a number, not {row[col]!r}")
        for col in required:
            if not row.get(col) and col in ("line",):
                raise CorpusError(path, number, f"empty {col}")
        row["_line"], row["_file"] = number, str(path)
        rows.append(row)
    return rows


def anchored_line(source: SourceFile, row: dict) -> int:
    """The source line a curated row names (column line), checked: inside the file and starting with the
    row's starts_with, so an annotation that no longer fits its text fails with the row's file and line."""
    try:
        number = int(row["line"])
    except (KeyError, ValueError):
        raise CorpusError(row["_file"], row["_line"], f"line {row.get('line')!r} is not a number") from None
    if not 1 <= number <= len(source.lines):
        raise CorpusError(row["_file"], row["_line"], f"line {number} is outside {source.name}")
    if not fold(source.line(number)).startswith(fold(row.get("starts_with", ""))):
        raise CorpusError(row["_file"], row["_line"],
                          f"line {number} of {source.name} does not start with {row.get('starts_with')!r}")
    return number


def load_corpus(root: str | Path) -> Corpus:
    root = Path(root)
    if not root.is_dir():
        raise CorpusError(root, None, "corpus directory not found")
    editions = read_json(root / "editions.json")
    if editions.get("default") not in editions.get("editions", {}):
        raise CorpusError(root / "editions.json", None, "the default edition is not one of the editions")
    sources = []
    for meta_path in sorted((root / "sources").glob("*.meta.json")):
        meta = read_json(meta_path)
        if not isinstance(meta, dict):
            raise CorpusError(meta_path, 1, "must be a JSON object with the fields " + ", ".join(sorted(META_FIELDS)))
        missing = META_FIELDS - set(meta)
        if missing:
            raise CorpusError(meta_path, None, f"missing fields: {', '.join(sorted(missing))}")
        if meta["format"] not in FORMATS:
            raise CorpusError(meta_path, None, f"unknown format {meta['format']!r} (known: {', '.join(sorted(FORMATS))})")
        if meta["edition"] != "guide" and meta["edition"] not in editions["editions"]:
            raise CorpusError(meta_path, None, f"edition {meta['edition']!r} is not in editions.json")
        path = root / "sources" / meta["file"]
        if not path.is_file():
            raise CorpusError(meta_path, None, f"names the file {meta['file']!r}, which is not in {path.parent}")
        lines = read_text(path).split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        if not any(line.strip() for line in lines):
            raise CorpusError(path, None, f"is empty (named by {meta_path.name})")
        sources.append(SourceFile(name=meta["file"], path=path, meta=meta, lines=lines, meta_path=meta_path))
    if not sources:
        raise CorpusError(root / "sources", None, "no sources (*.meta.json) found")
    annotations = {p.stem: read_tsv(p) for p in sorted((root / "annotations").glob("*.tsv"))}
    glossaries = {p.stem: read_tsv(p) for p in sorted((root / "glossary").glob("*.tsv"))}
    check_line_numbers(sources, annotations)
    check_every_source_has_meta(root / "sources")
    for source in sources:
        check_file(source.meta_path, source.meta, source.path.read_bytes())
    return Corpus(root=root, editions=editions, sources=sources, annotations=annotations, glossaries=glossaries)


def check_line_numbers(sources: list[SourceFile], annotations: dict[str, list[dict]]) -> None:
    """An annotation file named after a source (000_chunks.tsv annotates 000_….txt) names lines of that source:
    each must exist, or the annotation no longer fits the file (edited or truncated)."""
    for stem, rows in annotations.items():
        prefix = stem.split("_", 1)[0]
        source = next((s for s in sources if s.name.split("_", 1)[0] == prefix), None) if "_" in stem else None
        if source is None:
            continue
        for row in rows:
            for col in LINE_COLUMNS:
                if row.get(col) and not 1 <= int(row[col]) <= len(source.lines):
                    raise CorpusError(row["_file"], row["_line"],
                                      f"{col} {row[col]} is outside {source.name} ({len(source.lines)} lines)")


def input_files(root: str | Path) -> list[Path]:
    """Every file the build reads from corpus/, for the build's input hash."""
    root = Path(root)
    return sorted(p for p in root.rglob("*") if p.is_file() and not p.name.startswith("."))
