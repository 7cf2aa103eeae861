"""Nothing is lost on bad corpus input: each kind of breakage fails the build with a BuildError that names the
file (and the line, where there is one), leaves `current` on the previous good build and leaves no half-built
directory behind; `app.py check` and `app.py build` exit 1 with the same message."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import app as cli
from builder import BuildError, build

ROOT = Path(__file__).resolve().parent.parent
WIKI_1987 = "001_a3a024ad32219e94"
WIKI_1997 = "002_e138e9fd5078547c"
BULLETS = "003_aa1aa91892aa2d72"
CHUNKS = "000_48d6a93a0c75e5bf"


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """A data directory with a good build being served."""
    base = tmp_path_factory.mktemp("served")
    build(ROOT / "corpus", base, log=lambda *_: None)
    return base


@pytest.fixture()
def corpus(tmp_path):
    d = tmp_path / "corpus"
    shutil.copytree(ROOT / "corpus", d)
    return d


# ---------------------------------------------------------------- ways to break the corpus; each returns
# (file name, line or None, words of the message)


def replace_line(path: Path, number: int, new: bytes) -> None:
    lines = path.read_bytes().split(b"\n")
    lines[number - 1] = new
    path.write_bytes(b"\n".join(lines))


def first_row(path: Path) -> tuple[int, list[str], list[str]]:
    """Line number, header and cells of the first data row of an annotation TSV."""
    header = None
    for n, line in enumerate(path.read_text("utf-8").split("\n"), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        if header is None:
            header = line.split("\t")
            continue
        return n, header, line.split("\t")
    raise AssertionError(f"{path} has no rows")


def set_cell(path: Path, column: str, value: str) -> int:
    n, header, cells = first_row(path)
    cells[header.index(column)] = value
    replace_line(path, n, "\t".join(cells).encode())
    return n


def edit_meta(path: Path, change) -> None:
    meta = json.loads(path.read_text("utf-8"))
    change(meta)
    path.write_text(json.dumps(meta, ensure_ascii=False, indent=2), "utf-8")


def invalid_utf8(c):
    p = c / "sources" / f"{WIKI_1987}.txt"
    replace_line(p, 5, p.read_bytes().split(b"\n")[4] + b" \xff\xfe kapot")
    return p.name, 5, "not valid UTF-8"


def nul_byte(c):
    p = c / "sources" / f"{WIKI_1997}.txt"
    replace_line(p, 7, b"ab\x00cd" + p.read_bytes().split(b"\n")[6])
    return p.name, 7, "NUL"


def missing_source(c):
    (c / "sources" / f"{BULLETS}.txt").unlink()
    return f"{BULLETS}.meta.json", None, f"{BULLETS}.txt"


def empty_source(c):
    (c / "sources" / f"{WIKI_1997}.txt").write_text("\n\n")
    return f"{WIKI_1997}.txt", None, "is empty"


def invalid_json(c):
    p = c / "sources" / f"{WIKI_1987}.meta.json"
    lines = p.read_text("utf-8").split("\n")
    n = next(i for i, line in enumerate(lines, start=1) if line.strip().startswith('"edition"'))
    lines[n - 1] = lines[n - 1].replace('"edition"', "edition")
    p.write_text("\n".join(lines), "utf-8")
    return p.name, n, "invalid JSON"


def meta_not_an_object(c):
    (c / "sources" / f"{WIKI_1987}.meta.json").write_text("[1, 2]\n")
    return f"{WIKI_1987}.meta.json", 1, "JSON object"


def missing_field(c):
    edit_meta(c / "sources" / f"{WIKI_1987}.meta.json", lambda m: m.pop("title"))
    return f"{WIKI_1987}.meta.json", None, "missing fields: title"


def unknown_format(c):
    edit_meta(c / "sources" / f"{WIKI_1987}.meta.json", lambda m: m.update(format="pdf"))
    return f"{WIKI_1987}.meta.json", None, "unknown format 'pdf'"


def unknown_edition(c):
    edit_meta(c / "sources" / f"{WIKI_1987}.meta.json", lambda m: m.update(edition="2001"))
    return f"{WIKI_1987}.meta.json", None, "'2001' is not in editions.json"


def missing_editions(c):
    (c / "editions.json").unlink()
    return "editions.json", None, "cannot read"


def default_not_an_edition(c):
    p = c / "editions.json"
    edit_meta(p, lambda m: m.update(default="1999"))
    return "editions.json", None, "default edition"


def empty_sources_dir(c):
    for f in (c / "sources").iterdir():
        f.unlink()
    return "sources", None, "no sources"


def too_many_cells(c):
    p = c / "annotations" / "titles.tsv"
    text = p.read_text("utf-8").rstrip("\n") + "\n1997\t27B\tTitel\treden\tte veel\n"
    p.write_text(text, "utf-8")
    return p.name, text.count("\n"), "5 cells"


def line_not_a_number(c):
    n = set_cell(c / "annotations" / "000_chunks.tsv", "line", "twaalf")
    return "000_chunks.tsv", n, "must be a number"


def line_outside_source(c):
    n = set_cell(c / "annotations" / "004_guide.tsv", "line", "99999")
    return "004_guide.tsv", n, "outside"


def truncated_source(c):
    p = c / "sources" / f"{CHUNKS}.txt"
    lines = p.read_text("utf-8").split("\n")
    p.write_text("\n".join(lines[:40]) + "\n", "utf-8")
    return "000_", "any", "outside"


def glossary_invalid_utf8(c):
    p = c / "glossary" / "synonyms.tsv"
    count = p.read_bytes().count(b"\n")
    p.write_bytes(p.read_bytes() + b"kapot\t\xff\n")
    return p.name, count + 1, "not valid UTF-8"


def starts_with(name):
    def brk(c):
        n = set_cell(c / "annotations" / name, "starts_with", "Deze woorden staan er niet")
        return name, n, "does not start with 'Deze woorden staan er niet'"
    brk.__name__ = f"starts_with_{name.split('.')[0]}"
    return brk


# ---- the build gate (kb/gate.py): the bytes and the counts each meta.json records


def missing_meta(c):
    (c / "sources" / f"{CHUNKS}.meta.json").unlink()
    return f"{CHUNKS}.txt", None, "has no metadata"


def truncated_wiki(c):
    p = c / "sources" / f"{WIKI_1987}.txt"
    p.write_bytes(p.read_bytes()[:5000])
    return p.name, None, "is 5000 bytes, its meta.json records 22635"


def same_size_other_bytes(c):
    p = c / "sources" / f"{WIKI_1997}.txt"
    data = p.read_bytes()
    p.write_bytes(data.replace(b"e", b"a", 1))
    return p.name, None, "sha256 differs"


def no_hash_recorded(c):
    edit_meta(c / "sources" / f"{BULLETS}.meta.json", lambda m: m.pop("sha256"))
    return f"{BULLETS}.meta.json", None, "records no sha256"


def other_counts(c):
    edit_meta(c / "sources" / f"{WIKI_1987}.meta.json", lambda m: m["yields"].update(articles_with_text=19))
    return f"{WIKI_1987}.txt", None, "articles_with_text 18 (recorded 19)"


def no_counts_recorded(c):
    edit_meta(c / "sources" / f"{WIKI_1997}.meta.json", lambda m: m.pop("yields"))
    return f"{WIKI_1997}.meta.json", None, "records no yields"


def record_bytes(meta_path: Path) -> None:
    import hashlib
    data = (meta_path.parent / json.loads(meta_path.read_text("utf-8"))["file"]).read_bytes()
    edit_meta(meta_path, lambda m: m.update(sha256=hashlib.sha256(data).hexdigest(), size=len(data)))


def doubled_and_recorded(c):
    p = c / "sources" / f"{WIKI_1997}.txt"
    p.write_bytes(p.read_bytes() * 2)
    record_bytes(c / "sources" / f"{WIKI_1997}.meta.json")
    return p.name, 91, "article 17 appears twice in this source (first at line 4)"


def chunk_heading_twice(c):
    p = c / "sources" / f"{CHUNKS}.txt"
    lines = p.read_text("utf-8").split("\n")
    n = next(i for i, line in enumerate(lines, start=1) if line.startswith("ARTIKEL ") or line.startswith("Artikel "))
    lines.append(lines[n - 1])
    p.write_text("\n".join(lines), "utf-8")
    record_bytes(c / "sources" / f"{CHUNKS}.meta.json")
    return p.name, len(lines), "appears twice in this source"


def superscript_in_a_line_column(c):
    n = set_cell(c / "annotations" / "004_guide.tsv", "line", "1²")
    return "004_guide.tsv", n, "line must be a number, not '1²'"


def item_without_level(c):
    p = c / "annotations" / "000_index.tsv"
    n, header, cells = first_row(p)
    cells[header.index("item")], cells[header.index("level")] = "Bod", ""
    replace_line(p, n, "\t".join(cells).encode())
    return "000_index.tsv", n, "needs a level"


BREAKAGES = [invalid_utf8, nul_byte, missing_source, empty_source, invalid_json, meta_not_an_object, missing_field,
             unknown_format, unknown_edition, missing_editions, default_not_an_edition, empty_sources_dir,
             too_many_cells, line_not_a_number, line_outside_source, truncated_source, glossary_invalid_utf8,
             starts_with("000_chunks.tsv"), starts_with("000_index.tsv"), starts_with("003_structure.tsv"),
             starts_with("004_guide.tsv"), missing_meta, truncated_wiki, same_size_other_bytes, no_hash_recorded,
             other_counts, no_counts_recorded, doubled_and_recorded, chunk_heading_twice,
             superscript_in_a_line_column, item_without_level]


def assert_names(message: str, file: str, line, words: str) -> None:
    assert file in message, message
    assert words in message, message
    if line == "any":
        assert any(f".tsv:{n}:" in message for n in range(1, 1000)), message
    elif line is not None:
        assert f"{file}:{line}:" in message, message


def snapshot(base: Path) -> tuple[str, list[str]]:
    return os.readlink(base / "current"), sorted(p.name for p in (base / "builds").iterdir())


@pytest.mark.parametrize("breakage", BREAKAGES, ids=lambda f: f.__name__)
def test_broken_corpus_fails_the_build_and_keeps_the_served_build(breakage, corpus, served, monkeypatch, capsys):
    before = snapshot(served)
    file, line, words = breakage(corpus)
    with pytest.raises(BuildError) as err:
        build(corpus, served, log=lambda *_: None)
    assert_names(str(err.value), file, line, words)
    assert snapshot(served) == before  # `current` untouched, no new or half-built directory left

    monkeypatch.setenv("KB_CORPUS_DIR", str(corpus))
    monkeypatch.setenv("KB_DATA_DIR", str(served))
    capsys.readouterr()
    assert cli.main(["check"]) == 1
    assert_names(capsys.readouterr().out, file, line, words)
    assert cli.main(["build"]) == 1
    err_out = capsys.readouterr().err
    assert err_out.startswith("build failed: ")
    assert_names(err_out, file, line, words)
    assert snapshot(served) == before


def test_unreadable_file(corpus, served, monkeypatch, capsys):
    path = corpus / "sources" / f"{BULLETS}.txt"
    path.chmod(0)
    if os.access(path, os.R_OK):  # root reads anything: make the read fail as it would for another user
        real = Path.read_bytes

        def read_bytes(self):
            if self == path:
                raise PermissionError(13, "Permission denied", str(self))
            return real(self)
        monkeypatch.setattr(Path, "read_bytes", read_bytes)
    before = snapshot(served)
    with pytest.raises(BuildError) as err:
        build(corpus, served, log=lambda *_: None)
    assert_names(str(err.value), path.name, None, "cannot read")
    assert snapshot(served) == before
    monkeypatch.setenv("KB_CORPUS_DIR", str(corpus))
    assert cli.main(["check"]) == 1
    assert_names(capsys.readouterr().out, path.name, None, "cannot read")


def test_check_command_exits_1_with_the_message(corpus):
    _, line, _ = invalid_json(corpus)
    env = dict(os.environ, KB_CORPUS_DIR=str(corpus))
    r = subprocess.run([sys.executable, "app.py", "check"], cwd=ROOT, env=env, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 1
    assert f"{WIKI_1987}.meta.json:{line}: invalid JSON" in r.stdout + r.stderr


def test_the_good_corpus_checks_clean(monkeypatch, capsys):
    monkeypatch.setenv("KB_CORPUS_DIR", str(ROOT / "corpus"))
    assert cli.main(["check"]) == 0
    assert "FOUT" not in capsys.readouterr().out


def test_an_unexpected_failure_is_atomic_too(corpus, served, monkeypatch):
    """Whatever goes wrong while building (here: the index writer), nothing is switched in or left behind."""
    before = snapshot(served)
    import indexer

    def broken(*args, **kwargs):
        raise RuntimeError("disk on fire")
    monkeypatch.setattr(indexer, "build_index", broken)
    with pytest.raises(RuntimeError, match="disk on fire"):
        build(corpus, served, log=lambda *_: None)
    assert snapshot(served) == before


def test_accept_records_a_deliberate_change(corpus, served, monkeypatch, capsys):
    """check --accept prints the new counts beside the old and writes them; then the corpus builds again."""
    p = corpus / "sources" / f"{WIKI_1997}.txt"
    p.write_bytes(p.read_bytes()[:300])
    monkeypatch.setenv("KB_CORPUS_DIR", str(corpus))
    assert cli.main(["check"]) == 1
    capsys.readouterr()
    cli.main(["check", "--accept", str(p)])
    out = capsys.readouterr().out
    assert "articles_with_text: 1  (was 6)" in out and "characters: 111  (was 6424)" in out
    meta = json.loads((corpus / "sources" / f"{WIKI_1997}.meta.json").read_text("utf-8"))
    assert meta["size"] == 300 and meta["yields"]["articles_with_text"] == 1 and meta["title"]
    # the chunks of 000 now stand in for 17-22: its counts change too, and check says so until accepted
    assert f"{CHUNKS}.txt: yields other counts" in out
    assert cli.main(["check", "--accept", f"{CHUNKS}.txt"]) == 0
    build(corpus, served, log=lambda *_: None)  # accepted on purpose: it builds


def test_accept_of_a_corpus_that_does_not_parse_changes_no_meta(corpus, monkeypatch, capsys):
    doubled_and_recorded(corpus)
    meta = corpus / "sources" / f"{WIKI_1997}.meta.json"
    before = meta.read_text("utf-8")
    monkeypatch.setenv("KB_CORPUS_DIR", str(corpus))
    assert cli.main(["check", "--accept", f"{WIKI_1997}.txt"]) == 1
    assert "appears twice" in capsys.readouterr().out and meta.read_text("utf-8") == before


def test_the_recorded_counts_are_the_real_ones(corpus):
    """Every meta.json of corpus/ records its file's bytes and what it yields (a fresh check is clean)."""
    from kb.assemble import build_knowledge_base
    from kb.corpus import load_corpus
    from kb.gate import yield_problems, yields
    loaded = load_corpus(ROOT / "corpus")
    kb = build_knowledge_base(loaded)
    assert yield_problems(kb, loaded) == []
    assert len(loaded.sources) == 5 and all(s.meta["yields"] == yields(kb, s.name, s.format) for s in loaded.sources)
    assert yields(kb, f"{WIKI_1987}.txt", "wiki")["articles_with_text"] == 18
