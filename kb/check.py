"""`check`: validate the corpus and print its statistics; every unresolved reference and every chunk whose
place is uncertain or inferred is listed, so nothing unresolved is silent. Exit 1 on errors."""
from __future__ import annotations

from pathlib import Path

from .artifact import statistics
from .assemble import build_knowledge_base
from .glossaries import coverage_lines
from .corpus import CorpusError, load_corpus, read_json
from .gate import file_facts, meta_path_of, write_meta, yield_problems, yields


def accept(corpus_path, files: list[str], out=print) -> int:
    """`check --accept <file>`: record the file's sha256, size and the counts it yields now in its meta.json,
    printing them beside the recorded ones. The rest of the corpus must check clean as before."""
    root = Path(corpus_path)
    before: dict[Path, str] = {}
    try:
        metas = [meta_path_of(root, f) for f in files]
        for meta_path in metas:
            before[meta_path] = meta_path.read_text("utf-8")
            meta = read_json(meta_path)
            meta.update(file_facts(meta_path.parent / meta["file"]))
            write_meta(meta_path, meta)
        corpus = load_corpus(root)
        kb = build_knowledge_base(corpus)
    except (CorpusError, KeyError, OSError) as exc:
        for meta_path, text in before.items():  # nothing accepted from a corpus that does not even parse
            meta_path.write_text(text, "utf-8")
        out(f"FOUT  {exc}")
        return 1
    for meta_path in metas:
        meta = read_json(meta_path)
        source = next(s for s in corpus.sources if s.name == meta["file"])
        old, new = meta.get("yields") or {}, yields(kb, source.name, source.format)
        out(f"{meta_path}: sha256 {meta['sha256'][:16]}…, {meta['size']} bytes")
        for key in sorted(set(old) | set(new)):
            change = "" if old.get(key) == new.get(key) else f"  (was {old.get(key, '-')})"
            out(f"  {key}: {new.get(key, '-')}{change}")
        meta["yields"] = new
        write_meta(meta_path, meta)
    return run_check(root, out)


def run_check(corpus_path, out=print) -> int:
    try:
        corpus = load_corpus(corpus_path)
        kb = build_knowledge_base(corpus)
        situations = coverage_lines(corpus, {ed: list(arts) for ed, arts in kb.articles.items()})
    except CorpusError as exc:
        out(f"FOUT  {exc}")
        return 1
    kb.problems.extend(yield_problems(kb, corpus))
    stats = statistics(kb)
    out("Corpus")
    for s in kb.sources:
        out(f"  {s['file']}  editie {s['edition']}  formaat {s['format']}")
    out("Artikelen en leden per editie")
    for edition, e in sorted(stats["editions"].items()):
        default = "  (standaard)" if edition == kb.default_edition else ""
        out(f"  {edition}: {e['articles']} artikelen ({e['with_text']} met tekst, {e['complete']} volledig, "
            f"{e['fragments']} fragmentarisch), {e['sections']} leden ({e['sections_with_text']} met tekst){default}")
    rs = stats["reference_status"]
    out(f"Verwijzingen: {stats['references']} — opgelost {rs.get('resolved', 0)}, alleen artikel "
        f"{rs.get('article_only', 0)}, doel zonder tekst {rs.get('no_text', 0)}, onopgelost {rs.get('unresolved', 0)}")
    out(f"Trefwoorden: {stats['keywords']}   Omschrijvingen: {stats['definitions']}   Gidspassages: {stats['guide_passages']}")
    cp = stats["chunks_placed"]
    out(f"Fragmenten (chunks) geplaatst: kop {cp['heading']}, bewijs {cp['evidence']}, gecureerd {cp['curated']}, "
        f"alleen continuïteit {cp['continuity']}")
    out(f"Fragmenten met onzekere plaats: {stats['chunks_uncertain']}; gecureerd maar afgeleid: {stats['chunks_inferred']}")
    for p in kb.placements:
        if p.how == "continuity" or (p.path is None and p.how != "curated"):
            out(f"  ONZEKER  regel {p.line}: artikel {p.article} — {p.reason}")
        elif p.how == "curated" and not p.certain:
            out(f"  AFGELEID regel {p.line}: artikel {p.article} — {p.reason}")
    unresolved = [r for r in kb.references if r.status != "resolved"]
    if unresolved:
        out("Niet (volledig) opgeloste verwijzingen:")
        for r in unresolved:
            where = f"{r.edition} artikel {r.article}{r.section}" if r.article else f"{r.edition} {r.field}"
            out(f"  {r.status:12} {where}: {r.text!r} → {r.to_edition} {r.to_article}{r.to_section} — {r.reason}")
    for line in situations:
        out(line)
    for w in kb.warnings:
        out(f"  LET OP  {w}")
    for p in kb.problems:
        out(f"FOUT  {p}")
    return 1 if kb.problems else 0
