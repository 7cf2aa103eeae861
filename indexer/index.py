"""Building the search index from the artifact, into a fresh directory (the build switches it in).

The directory holds the whoosh index plus what the searcher needs from the same build: analysis.json (the
vocabulary and compound splits), glossary.json and suggest.json (the autocomplete entries)."""
from __future__ import annotations

import json
from pathlib import Path

from whoosh import index as windex
from whoosh.fields import ID, STORED, TEXT, Schema

from kb.toc_tree import walk_sections

from . import glossary as gloss
from .analysis import Analysis, DutchAnalyzer, PairAnalyzer
from .documents import all_text, documents
from .impact import PostingRecorder
from .suggest import suggest_entries

TEXT_FIELDS = ("title", "article_title", "headings", "keywords", "text", "anchors", "situations")
# how much a name says what an article is about: its own title or the heading it opens (1.0) more than a
# keyword-index entry, a section title or a guide passage's title
KEYWORD_NAME, SECTION_NAME, GUIDE_NAME = 0.8, 0.6, 0.5


def schema(analysis: Analysis) -> Schema:
    ana = DutchAnalyzer(analysis)
    return Schema(
        kind=ID(stored=True), edition=ID(stored=True), article=ID(stored=True), section=ID(stored=True),
        title=TEXT(analyzer=ana, stored=True, phrase=False), article_title=TEXT(analyzer=ana, stored=True, phrase=False),
        headings=TEXT(analyzer=ana, phrase=False), keywords=TEXT(analyzer=ana, phrase=False), text=TEXT(analyzer=ana, stored=True, phrase=False),
        anchors=TEXT(analyzer=ana, phrase=False), situations=TEXT(analyzer=ana, phrase=False),
        pairs=TEXT(analyzer=PairAnalyzer(analysis), phrase=False), explains=STORED,
    )


def build_index(artifact: dict, directory: Path) -> None:
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    entries = gloss.load(artifact.get("glossaries", {}))
    # the glossary's own words belong to the vocabulary too (typo correction of 'scheidsrechtr')
    analysis = Analysis.from_texts([all_text(artifact)])
    ix = windex.create_in(str(directory), schema(analysis))
    writer = ix.writer(limitmb=128)
    from .search import SCORED_FIELDS
    recorder = PostingRecorder(writer, SCORED_FIELDS)
    pair_field = ix.schema["pairs"]
    titles = fallback_titles(artifact)
    for doc in documents(artifact):
        if doc["kind"] == "article" and not doc["section"] and not doc["article_title"]:
            doc = dict(doc, article_title=titles.get(doc["article"], ""))
        fields = index_fields(doc)
        # the neighbouring-word pairs are four fifths of all terms and only ever scored from the impact lists:
        # analysed with the schema's own field, recorded there, not written to whoosh's postings
        pairs = fields.pop("pairs")
        writer.add_document(**fields)
        recorder.record("pairs", pair_field.index(pairs), recorder.docs - 1)
    writer.commit()
    recorder.impact().save(directory)
    write_json(directory / "analysis.json", analysis.to_json())
    write_json(directory / "glossary.json", gloss.Glossary(entries).to_json())
    write_json(directory / "suggest.json", suggest_entries(artifact))
    write_json(directory / "meta.json", {"default_edition": artifact["default_edition"]})
    write_json(directory / "names.json", names(artifact, analysis))


def names(artifact: dict, analysis: Analysis) -> list[list]:
    """What things are called: [stems key, edition, article, section, weight] for every article title, section
    title, heading (at the first article under it), keyword-index entry and guide title. A query that is
    exactly one of these names finds what carries it."""
    out = []
    default = artifact["default_edition"]

    def add(label, edition, article, section="", weight=1.0):
        key = name_key(analysis, label)
        if key:
            out.append([key, edition, article, section, weight])

    first_under: dict[tuple, str] = {}
    for art in sorted(artifact["articles"].values(), key=lambda a: (a["edition"], _number(a["article"]))):
        ed, number = art["edition"], art["article"]
        add(art["title"], ed, number)
        for sec in walk_sections(art["sections"]):
            add(sec["title"], ed, number, sec["suffix"], SECTION_NAME)
        for h in art.get("headings", []):
            first_under.setdefault((ed, h.get("title") or ""), number)
    for (ed, title), number in first_under.items():
        add(title, ed, number)
    for k in artifact["keywords"]:
        for number in k["articles"]:
            add(" ".join(k["path"]), default, number, "", KEYWORD_NAME)
            add(k["path"][-1], default, number, "", KEYWORD_NAME)
    for p in artifact["guide"]:
        for cite in p["explains"][:1]:
            number = "".join(ch for ch in cite if ch.isdigit()) or cite
            add(p["title"], default, number, cite[len(number):], GUIDE_NAME)
    return out


def name_key(analysis: Analysis, label: str) -> str:
    return " ".join(sorted({stem for stem, *_ in analysis.terms(label or "", compounds=False)}))


def _number(n: str) -> tuple:
    return (0, int(n), "") if n.isdigit() else (1, 0, n)


def fallback_titles(artifact: dict) -> dict[str, str]:
    """Article number -> a title from any edition (the default edition's first), for an article whose own
    edition lost its title (the laws keep their names across editions)."""
    out: dict[str, str] = {}
    default = artifact["default_edition"]
    for art in sorted(artifact["articles"].values(), key=lambda a: (a["edition"] != default, a["edition"])):
        if art["title"]:
            out.setdefault(art["article"], art["title"])
    return out


def index_fields(doc: dict) -> dict:
    """An article's title, headings and keywords count on its card (section "") only: a section is scored on
    its own title and text, and the searcher adds up an article's card and its best sections. `pairs` holds
    the neighbouring words of all of them (the phrase bonus)."""
    if doc["kind"] == "article":
        doc = dict(doc, article_title="") if doc["section"] else dict(doc, title="")
    parts = [doc["title"], doc["article_title"], doc["keywords"], doc["text"], doc["situations"]]
    return dict(doc, pairs="\n".join(p for p in parts if p))


def write_json(path: Path, data) -> None:
    path.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), "utf-8")
