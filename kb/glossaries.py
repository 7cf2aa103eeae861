"""The search vocabulary of corpus/glossary/ as plain rows for the built artifact, and the coverage of the
situation vocabulary (which articles have no table-talk phrasings yet) for `check`.

    abbreviations.tsv  abbreviation, expansions
    synonyms.tsv       term, canonical, kind
    english.tsv        english, dutch, articles
    situations.tsv     article, section, phrase, concept, source, reason
    events.tsv         pattern, concept, articles, reason (a pattern is a regular expression over the
                       query's folded words; one that does not compile is left out and listed)

The index reads these rows from the artifact (never the files), so a build searches with its own vocabulary.
A row without the cells it needs (a file being written, a row cut short) is left out and listed by `check`;
a file without its columns is an error with its file and line."""
from __future__ import annotations

import re

from .corpus import Corpus, CorpusError

COLUMNS = {
    "abbreviations": ("abbreviation", "expansions"),
    "synonyms": ("term", "canonical", "kind"),
    "english": ("english", "dutch", "articles"),
    "situations": ("article", "section", "phrase", "concept", "source", "reason"),
    "events": ("pattern", "concept", "articles", "reason"),
}
NEEDED = {"abbreviations": ("abbreviation", "expansions"), "synonyms": ("term", "canonical"),
          "english": ("english", "dutch"), "situations": ("article", "phrase", "concept"),
          "events": ("pattern", "concept", "reason")}
SITUATION_SOURCES = frozenset({"guide", "toc", "index", "title", "club", "flemish"})


def glossary_tables(corpus: Corpus) -> dict[str, list[dict]]:
    """name -> rows (the file's columns plus 'line'), only rows that have the cells they need."""
    out: dict[str, list[dict]] = {}
    for name, columns in COLUMNS.items():
        rows = corpus.glossaries.get(name, [])
        if rows:
            missing = [c for c in columns if c not in rows[0] and c in NEEDED[name]]
            if missing:
                raise CorpusError(rows[0]["_file"], rows[0]["_line"] - 1, f"missing columns: {', '.join(missing)}")
        out[name] = [dict({c: row.get(c, "") for c in columns}, line=row["_line"])
                     for row in rows if not row_problem(name, row)]
    return out


def row_problem(name: str, row: dict) -> str:
    """Why a row cannot be used ('' when it can)."""
    empty = [c for c in NEEDED[name] if not row.get(c)]
    if empty:
        return "lege cel " + ", ".join(empty)
    if name == "events":
        try:
            re.compile(row["pattern"])
        except (re.error, RecursionError, OverflowError) as exc:
            return f"patroon {row['pattern']!r} is geen geldige reguliere expressie: {exc}"
    if name == "situations":
        article = row["article"]
        if not (article == "bijlage" or article.isdigit() and 1 <= int(article) <= 93):
            return f"artikel {article!r} is geen artikel 1–93 of 'bijlage'"
        if row.get("source") and row["source"] not in SITUATION_SOURCES:
            return f"bron {row['source']!r} is niet een van {', '.join(sorted(SITUATION_SOURCES))}"
    return ""


def situation_coverage(corpus: Corpus, articles: dict[str, list[str]]) -> dict:
    """For `check`: the articles (of the default edition and the others we hold, by number) without a row in
    situations.tsv, the rows per article, and the rows left out (file:line and why)."""
    rows = corpus.glossaries.get("situations", [])
    counts: dict[str, int] = {}
    for row in rows:
        if not row_problem("situations", row):
            counts[row["article"]] = counts.get(row["article"], 0) + 1
    numbers = [str(n) for n in range(1, 94)] + ["bijlage"]
    for numbers_of_edition in articles.values():
        numbers += [n for n in numbers_of_edition if n not in numbers]
    missing = [n for n in numbers if n not in counts]
    return {"rows": sum(counts.values()), "articles": len(numbers), "covered": len(numbers) - len(missing),
            "missing": missing, "skipped": skipped_rows(corpus, "situations"), "per_article": counts}


def skipped_rows(corpus: Corpus, name: str) -> list[str]:
    """The rows of one glossary table that are left out: 'file:line: why'."""
    return [f"{row['_file']}:{row['_line']}: {why}" for row in corpus.glossaries.get(name, [])
            for why in [row_problem(name, row)] if why]


def coverage_lines(corpus: Corpus, articles: dict[str, list[str]]) -> list[str]:
    """What `check` prints about the situation vocabulary (a glossary file without its columns raises)."""
    glossary_tables(corpus)
    c = situation_coverage(corpus, articles)
    lines = [f"Situaties (corpus/glossary/situations.tsv): {c['rows']} regels, {c['covered']} van "
             f"{c['articles']} artikelen gedekt"]
    if c["missing"]:
        lines.append("  ZONDER SITUATIES  artikel " + ", ".join(c["missing"]))
    lines += [f"  OVERGESLAGEN  {s}" for s in c["skipped"]]
    events = corpus.glossaries.get("events", [])
    if events:
        lines.append(f"Gebeurtenissen (corpus/glossary/events.tsv): {len(events)} patronen")
    lines += [f"  OVERGESLAGEN  {s}" for s in skipped_rows(corpus, "events")]
    return lines
