"""Section markers of the chunk format ("A.", "1.", "(a)", "(1)"), their labels and levels, and the path a
chunk starts in: shared by line parsing (kb/parse_chunks.py) and placement (kb/chunk_placement.py)."""
from __future__ import annotations

import re

HEADING = r"(?P<hkind>HOOFDSTUK|DEEL|PARAGRAAF)\s+(?P<hnum>[IVXL]+)\b"
TOKEN = re.compile(
    rf"(?P<head>\b{HEADING})|(?P<art>\bARTIKEL\s+(?P<anum>\d{{1,3}})\b)"
    r"|(?P<mark>(?<!\S)(?:[A-Z]\.|\d{1,2}\.|\([a-z]\)|\(\d{1,2}\))(?=\s|$))"
)
SENTENCE_END = ".:;!?)\"”’*"


def marker_label(token: str) -> tuple[str, int]:
    """'B.' -> ('B', 1); '2.' -> ('2', 2); '(c)' -> ('c', 3); '(1)' -> ('1', 4)."""
    inner = token.strip("().")
    if inner.isupper():
        return inner, 1
    if inner.isdigit():
        return inner, 4 if token.startswith("(") else 2
    return inner, 3


FIRST = {1: "A", 2: "1", 3: "a", 4: "1"}


def successor(label: str) -> str:
    return str(int(label) + 1) if label.isdigit() else chr(ord(label) + 1)


def predecessor(label: str) -> str | None:
    if label in ("A", "a", "1"):
        return None
    return str(int(label) - 1) if label.isdigit() else chr(ord(label) - 1)


def follows(path: tuple[str, ...], label: str, level: int) -> bool:
    """Whether marker label at level may come next after the section at path."""
    if level == len(path) + 1:
        return label == FIRST[level]
    if level <= len(path):
        return label == successor(path[level - 1])
    return False


def start_path_from_markers(markers: list[tuple[str, int]]) -> dict[int, str | None]:
    """The labels in force at a chunk's start, read back from the first marker of each level that comes
    before any shallower marker: '… 5. … D.' starts in C4. None where the first marker is a first label
    (the text before it belongs to the parent)."""
    known: dict[int, str | None] = {}
    shallowest = 99
    for label, level in markers:
        if level < shallowest:
            if level not in known:
                known[level] = predecessor(label)
            shallowest = level
    return known
