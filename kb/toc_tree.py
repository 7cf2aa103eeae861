"""Walking the built trees of the artifact: an edition's structure tree (kb/toc.py builds it) and an article's
sections (kb/artifact.py writes them, each with its id, path and suffix). The build and every reader of the
artifact (Store, index, web app) walk them here, so this module imports nothing of the build."""
from __future__ import annotations

from typing import Iterator


def trails(tree: list[dict], trail: tuple = ()) -> dict[str, list[dict]]:
    """Article number -> the headings above it (without their children), outermost first."""
    out: dict[str, list[dict]] = {}
    for node in tree:
        if node["kind"] == "artikel":
            out[node["number"]] = [{k: v for k, v in h.items() if k != "children"} for h in trail]
        else:
            out.update(trails(node["children"], trail + (node,)))
    return out


def walk_sections(sections: list[dict]) -> Iterator[dict]:
    """Every section of a built article (pass its "sections", or a section's "children" for those under it),
    depth first in reading order: 27A, 27A1, 27A2, 27B. A section's depth is len(section["path"]) - 1."""
    for s in sections:
        yield s
        yield from walk_sections(s["children"])


def text_blocks(article: dict) -> Iterator[dict]:
    """The blocks of a built article's own text, each with "text" and "layers": its intro (the article itself),
    then its sections in reading order."""
    yield article
    yield from walk_sections(article["sections"])
