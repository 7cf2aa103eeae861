"""From the corpus to one knowledge base: every source parsed by its format, editions merged, nodes added
for articles known only from the table of contents, the index or a reference, and every reference resolved."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .citations import Citation, find_references
from .corpus import Corpus, CorpusError, SourceFile
from .model import Article, Definition, GuidePassage, Heading, KeywordEntry, Reference, Source
from .parse_bullets import parse_bullets
from .chunk_placement import Evidence, Placement, comparable
from .parse_chunks import ChunkParser, apply_glyphs, finish, parse_definitions, parse_toc
from .parse_guide import parse_guide
from .parse_index import parse_index
from .parse_wiki import parse_wiki
from .text import split_title, squash
from .toc import build_tocs
from .toc_tree import trails


@dataclass
class KnowledgeBase:
    default_edition: str
    editions: dict[str, dict]
    articles: dict[str, dict[str, Article]]  # edition -> number -> article
    definitions: list[Definition] = field(default_factory=list)
    keywords: list[KeywordEntry] = field(default_factory=list)
    guide: list[GuidePassage] = field(default_factory=list)
    frontmatter: list[dict] = field(default_factory=list)
    references: list[Reference] = field(default_factory=list)
    placements: list[Placement] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # errors: the corpus contradicts itself
    warnings: list[str] = field(default_factory=list)  # reported, not fatal
    sources: list[dict] = field(default_factory=list)
    toc: dict[str, list[dict]] = field(default_factory=dict)  # edition -> its structure tree (kb/toc.py)
    parsed: dict[str, dict[str, Article]] = field(default_factory=dict)  # file -> what it yields, before merging


def regions(source: SourceFile, rows: list[dict]) -> dict[int, dict]:
    by_line: dict[int, dict] = {}
    for row in rows:
        try:
            first, last = int(row["first"]), int(row["last"])
        except (KeyError, ValueError):
            raise CorpusError(row["_file"], row["_line"], "first and last must be line numbers") from None
        if not 1 <= first <= last <= len(source.lines):
            raise CorpusError(row["_file"], row["_line"], f"lines {first}–{last} are outside {source.name}")
        for n in range(first, last + 1):
            by_line[n] = row
    return by_line


def keyed(rows: list[dict], key: str) -> dict:
    out = {}
    for row in rows:
        if not row.get(key):
            raise CorpusError(row["_file"], row["_line"], f"empty {key}")
        k = int(row[key]) if key == "line" else row[key]
        out[k] = row
    return out


def add_toc_articles(articles: dict[str, Article], toc: dict, edition: str) -> None:
    """Articles known from the table of contents: their titles, headings and section titles where the text
    lacks them."""
    for number, entry in toc.items():
        art = articles.get(number)
        if art is None:
            art = articles[number] = Article(edition=edition, number=number, known_from=["toc"])
        elif "toc" not in art.known_from:
            art.known_from.append("toc")
        if not art.title:
            art.title, art.title_source = entry.title, "toc"
        if not art.headings:
            art.headings = entry.headings
        art.heads += entry.heads
        art.follows += [n for n in entry.follows if n not in art.follows]
        for label, title in entry.sections.items():
            section = art.ensure_section((label,))
            if not section.title and title:
                section.title, section.title_source = title, "toc"


def parse_chunk_source(source: SourceFile, corpus: Corpus, evidence: Evidence, kb: KnowledgeBase) -> dict[str, Article]:
    prefix = source.name.split("_")[0]
    glyphs = source.meta.get("glyphs", {})
    lines = [apply_glyphs(line, glyphs) for line in source.lines]
    layout = regions(source, corpus.annotations.get(f"{prefix}_regions", []))
    kinds: dict[str, list[tuple[int, str]]] = {}
    for n, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        kind = layout[n]["kind"] if n in layout else "articles"
        kinds.setdefault(kind, []).append((n, text))

    toc = parse_toc(kinds.get("toc", []), source.name)
    titles = {row["section"]: row for row in corpus.annotations.get("titles", []) if row.get("edition") == source.edition}
    parser = ChunkParser(source, toc, keyed(corpus.annotations.get(f"{prefix}_chunks", []), "line"), titles, evidence)
    for n, text in kinds.get("articles", []):
        parser.parse_line(n, text)
    finish(parser.result.articles, parser.opened, parser.closed)
    articles = parser.result.articles
    kb.placements.extend(parser.result.placements)
    kb.problems.extend(parser.result.problems)

    for n, text in kinds.get("appendix", []):
        row = layout[n]
        body = re.sub(r"^(?:Appendix|Bijlage)\s+", "", text)
        title, body = split_title(body)
        art = Article(edition=source.edition, number=row["id"], title=title, title_source="text", text=body,
                      sources=[Source(source.name, n, 0, len(body), ends_open=True)], known_from=["text"])
        art.notes.append("Bijlage (appendix) van het boek.")
        articles[art.number] = art
    for n, text in kinds.get("frontmatter", []):
        row = layout[n]
        kb.frontmatter.append({"id": row["id"], "title": row["title"], "edition": source.edition, "text": squash(text),
                               "source": Source(source.name, n).__dict__})
    definitions, chapter = parse_definitions(kinds.get("definitions", []), source, source.edition)
    kb.definitions.extend(definitions)
    entries, problems = parse_index(kinds.get("index", []), source.name, corpus.annotations.get(f"{prefix}_index", []))
    for e in entries:
        e.source.file = source.name
    kb.keywords.extend(entries)
    kb.problems.extend(problems)

    add_toc_articles(articles, toc, source.edition)
    if chapter is not None:
        kb.frontmatter.append({"id": "omschrijvingen", "title": chapter.title, "edition": source.edition,
                               "text": "", "source": Source(source.name, kinds["definitions"][0][0]).__dict__})
    return articles


def merge(into: dict[str, Article], new: dict[str, Article], new_priority: int, priorities: dict, kb: KnowledgeBase,
          source_name: str) -> None:
    for number, art in new.items():
        old = into.get(number)
        if old is None:
            into[number] = art
            priorities[number] = new_priority
            continue
        keep, drop = (art, old) if new_priority > priorities[number] else (old, art)
        priorities[number] = max(new_priority, priorities[number])
        if drop.has_text:
            texts = [drop.text] + [s.text for s in drop.walk()]
            whole = comparable(" ".join([keep.text] + [s.text for s in keep.walk()]))
            for text in filter(None, texts):
                if comparable(text) not in whole:
                    kb.warnings.append(f"{keep.edition} artikel {number}: tekst uit een andere bron wijkt af: {text[:60]!r}")
            files = {s.file for s in drop.sources} | {s.file for sec in drop.walk() for s in sec.sources}
            titles = {m["file"]: m.get("title", "") for m in kb.sources}
            if files:  # plain Dutch; the files and lines are in the sources of each block
                keep.notes.append("Staat (gedeeltelijk) ook in " + " en ".join(
                    f"‘{titles.get(f) or 'een andere bron'}’" for f in sorted(files)) + ".")
        for source in drop.known_from:
            if source not in keep.known_from:
                keep.known_from.append(source)
        if not keep.title and drop.title:
            keep.title, keep.title_source = drop.title, drop.title_source
        keep.heads += drop.heads
        keep.follows += [n for n in drop.follows if n not in keep.follows]
        kinds = {h.kind for h in keep.headings}
        keep.headings = sorted(keep.headings + [h for h in drop.headings if h.kind not in kinds],
                               key=lambda h: ["hoofdstuk", "deel", "paragraaf"].index(h.kind))
        into[number] = keep


def build_knowledge_base(corpus: Corpus) -> KnowledgeBase:
    kb = KnowledgeBase(default_edition=corpus.default_edition, editions=corpus.editions["editions"],
                       articles={e: {} for e in corpus.edition_ids})
    priorities: dict[str, dict[str, int]] = {e: {} for e in corpus.edition_ids}
    parsed: list[tuple[SourceFile, dict[str, Article]]] = []
    for source in corpus.sources:
        kb.sources.append({k: v for k, v in source.meta.items()})
        if source.format == "wiki":
            parsed.append((source, parse_wiki(source)))
        elif source.format == "bullets":
            prefix = source.name.split("_")[0]
            parsed.append((source, parse_bullets(source, corpus.annotations.get(f"{prefix}_structure", []))))
        elif source.format == "guide":
            prefix = source.name.split("_")[0]
            kb.guide.extend(parse_guide(source, corpus.annotations.get(f"{prefix}_guide", [])))
    evidence = Evidence([a for _, arts in parsed for a in arts.values()])
    for source in corpus.sources:
        if source.format == "chunks":
            parsed.append((source, parse_chunk_source(source, corpus, evidence, kb)))
    kb.parsed = {source.name: arts for source, arts in parsed}
    for source, arts in parsed:
        merge(kb.articles[source.edition], arts, int(source.meta.get("priority", 1)), priorities[source.edition], kb, source.name)

    # articles known from the keyword index
    for entry in kb.keywords:
        for number in entry.articles:
            edition = next(s.edition for s in corpus.sources if s.name == entry.source.file)
            arts = kb.articles[edition]
            if number not in arts:
                arts[number] = Article(edition=edition, number=number, known_from=["index"])
            elif "index" not in arts[number].known_from:
                arts[number].known_from.append("index")
    resolve_references(kb)
    add_placeholders(kb)
    kb.toc = build_tocs(corpus, kb.articles, kb.warnings)
    for edition, tree in kb.toc.items():
        for number, trail in trails(tree).items():
            kb.articles[edition][number].headings = [Heading(h["kind"], h["number"], h["title"] or "") for h in trail]
    return kb


# ---------------------------------------------------------------- references

SENTENCE = re.compile(r"[^.!?\n]*(?:[.!?](?!\d)|\n|$)")


def sentence_around(text: str, start: int, end: int) -> str:
    left = max(text.rfind(". ", 0, start), text.rfind("\n", 0, start))
    right_candidates = [i for i in (text.find(". ", end), text.find("\n", end)) if i >= 0]
    right = min(right_candidates) + 1 if right_candidates else len(text)
    return squash(text[left + 1 if left >= 0 else 0: right])


def text_holders(art: Article):
    """(section id, field, text, context citation) of every text in an article."""
    yield "", "text", art.text, Citation(art.number)
    for sec in art.walk():
        yield sec.id[len(art.number):], "text", sec.text, Citation(art.number, _path_of(sec.id, art.number))
    for fn in art.footnotes:
        ctx = fn.markers[0] if fn.markers else ""
        yield ctx, f"footnote:{fn.number}", fn.text, Citation(art.number, _path_of(art.number + ctx, art.number))
    for i, block in enumerate(art.unplaced):
        yield "", f"unplaced:{i}", block["text"], Citation(art.number)


def _path_of(section_id: str, number: str) -> tuple[str, ...]:
    from .citations import from_compact
    cit = from_compact(section_id)
    return cit.path if cit else ()


def resolve_one(kb: KnowledgeBase, edition: str, cit: Citation) -> tuple[str, str]:
    arts = kb.articles.get(edition)
    if arts is None:
        return "unresolved", f"editie {edition} bestaat niet in dit corpus"
    art = arts.get(cit.article)
    if art is None:
        arts[cit.article] = Article(edition=edition, number=cit.article, known_from=["reference"])
        return "no_text", f"artikel {cit.article} staat niet in de bronnen van {edition}"
    if not cit.path:
        return ("resolved", "") if art.has_text else ("no_text", f"artikel {cit.article} ({edition}) heeft geen tekst in het corpus")
    sec = art.find(cit.id)
    if sec is not None and (sec.text or sec.title or sec.children):
        return "resolved", ""
    if not art.has_text:
        return "no_text", f"artikel {cit.article} ({edition}) heeft geen tekst in het corpus"
    return "article_only", f"lid {cit.id} staat niet in de tekst van artikel {cit.article} ({edition})"


def resolve_references(kb: KnowledgeBase) -> None:
    editions = set(kb.articles)
    for edition in sorted(kb.articles):
        for number in sorted(list(kb.articles[edition]), key=_num_key):
            art = kb.articles[edition][number]
            for section, fld, text, ctx in list(text_holders(art)):
                for m in find_references(text, context=ctx, edition=edition, editions=editions):
                    for t in m.targets:
                        status, reason = resolve_one(kb, t.edition, t.citation)
                        kb.references.append(Reference(
                            edition=edition, article=number, section=section, field=fld, start=m.start, end=m.end,
                            text=m.text, sentence=sentence_around(text, m.start, m.end), kind=m.kind,
                            to_edition=t.edition, to_article=t.article, to_section="".join(t.path),
                            status=status, reason=reason))
    for d in kb.definitions:
        for m in find_references(d.text, edition=d.edition, editions=editions):
            for t in m.targets:
                status, reason = resolve_one(kb, t.edition, t.citation)
                kb.references.append(Reference(
                    edition=d.edition, article="", section="", field=f"definition:{d.term}", start=m.start, end=m.end,
                    text=m.text, sentence=sentence_around(d.text, m.start, m.end), kind=m.kind, to_edition=t.edition,
                    to_article=t.article, to_section="".join(t.path), status=status, reason=reason))


def _num_key(number: str):
    return (0, int(number), "") if number.isascii() and number.isdigit() else (1, 0, number)


# ---------------------------------------------------------------- missing sections


def add_placeholders(kb: KnowledgeBase) -> None:
    """A section the sources know but whose text this edition's source lacks stands in its place, empty:
    a gap in the numbering of its siblings (1 and 3 given: 2 is missing), or a reference in the same edition
    to a section its article does not have."""
    for arts in kb.articles.values():
        for art in arts.values():
            if art.has_text:
                fill_gaps(art, art.sections, ())
    for r in kb.references:
        if r.status == "article_only" and r.to_section:
            art = kb.articles[r.to_edition][r.to_article]
            cit = _path_of(r.to_article + r.to_section, r.to_article)
            if cit and art.find(r.to_article + "".join(cit)) is None:
                art.ensure_section(cit).known_from.append("reference")


def fill_gaps(art: Article, siblings: list, path: tuple[str, ...]) -> None:
    labels = [s.label for s in siblings]
    if labels and all(label.isdigit() for label in labels):
        wanted = [str(n) for n in range(1, max(int(label) for label in labels) + 1)]
    elif labels and all(len(label) == 1 and label.isalpha() for label in labels):
        first = "A" if labels[0].isupper() else "a"
        wanted = [chr(c) for c in range(ord(first), ord(max(labels)) + 1)]
    else:
        wanted = labels
    for label in wanted:
        if label not in labels:
            art.ensure_section(path + (label,)).known_from.append("numbering")
    for section in list(siblings):
        fill_gaps(art, section.children, path + (section.label,))
