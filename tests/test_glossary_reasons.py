"""The reasons of the search vocabulary (corpus/glossary/*.tsv) cite the laws' own words: every passage quoted
right after a source ('000 art. 62B2 '…'', 'index (000) '…'', '004 '…'', 'inhoud art. 5 '…'') occurs word for
word in corpus/sources (case, accents, punctuation and spacing aside; pieces apart at '…'). A quote that is no
citation (an English law name, a user's words) stands apart from a source and is not checked."""
from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CITED = re.compile(r"(?:\b00[0-4]\b|\bindex\b|\binhoud\b|\bOmschrijvingen\b)[^';]{0,40}?(?<![A-Za-z])'([^']{6,}?)'"
                   r"(?![A-Za-z])")


def norm(text: str) -> str:
    text = "".join(c for c in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(c))
    return " ".join(re.sub(r"[^\w\s]", " ", text).split())


def cited_passages(reason: str) -> list[str]:
    """The pieces of the passages a reason quotes right after naming a source."""
    return [piece for quote in CITED.findall(reason) for piece in re.split(r"\s*(?:…|\.\.\.)\s*", quote)
            if len(norm(piece).split()) >= 2]


@pytest.fixture(scope="module")
def sources() -> str:
    return norm(" ".join(p.read_text("utf-8") for p in (ROOT / "corpus" / "sources").glob("*.txt")))


def rows():
    for path in sorted((ROOT / "corpus" / "glossary").glob("*.tsv")):
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
            if line.strip() and not line.startswith("#"):
                yield f"{path.name}:{number}", line.split("\t")[-1]


def test_every_passage_a_reason_quotes_from_a_source_is_the_sources_own_words(sources):
    checked, wrong = 0, []
    for where, reason in rows():
        for piece in cited_passages(reason):
            checked += 1
            if norm(piece) not in sources:
                wrong.append(f"{where}: {piece!r}")
    assert checked > 1000
    assert wrong == []


def test_a_made_up_quote_is_found_and_a_users_words_are_not_checked(sources):
    made_up = cited_passages("000 art. 43A 'de blinde mag niet deelnemen aan het spel'")
    assert made_up and norm(made_up[0]) not in sources
    assert cited_passages("how players say it ('de rest is voor mij'); law: 000 art. 68") == []
