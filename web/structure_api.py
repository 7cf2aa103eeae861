"""JSON API of the structure (CONTRACT.md): one table of contents per edition, and one article compared
between two editions with its sections paired by content (kb/toc.py, kb/compare.py)."""
from __future__ import annotations

from functools import lru_cache

from flask import Blueprint, abort, jsonify, request

from kb.citations import parse_citation
from kb.compare import compare_articles

from .state import store

bp = Blueprint("structure_api", __name__, url_prefix="/api/v1")


def toc_tree(kb, edition: str) -> list[dict]:
    return kb.data.get("toc", {}).get(edition, [])


@lru_cache(maxsize=256)
def _pairs(version: str, number: str, van: str, naar: str) -> tuple:
    kb = store()
    return tuple(compare_articles(kb.article(van, number), kb.article(naar, number)))


def compare_pairs(kb, number: str, van: str, naar: str) -> list[dict]:
    """The pairs of one article in two editions (both must hold it), cached per build."""
    return [dict(p) for p in _pairs(kb.version, number, van, naar)]


def compare_problem(kb, number: str, van: str, naar: str) -> tuple[int, str] | None:
    """(status, Dutch message) when the comparison cannot be made, else None."""
    cit = parse_citation(number)
    if cit is None:
        return 400, f"{number!r} is geen artikelnummer (bijvoorbeeld 27)."
    if cit.article != number:
        return 404, f"artikel {number!r} bestaat niet; bedoelt u artikel {cit.article}?"
    if not van or not naar:
        return 400, "Geef twee edities op: ?van=1987&naar=1997."
    for e in (van, naar):
        if e not in kb.editions:
            return 400, f"onbekende editie {e!r}; bestaande edities: {', '.join(kb.edition_ids)}"
    for e in (van, naar):
        if kb.article(e, number) is None:
            return 404, f"artikel {number} staat niet in editie {e}"
    return None


@bp.get("/toc/<edition>")
def toc(edition: str):
    kb = store()
    if edition not in kb.editions:
        abort(404, description=f"onbekende editie {edition!r}; bestaande edities: {', '.join(kb.edition_ids)}")
    return jsonify({"edition": edition, "toc": toc_tree(kb, edition)})


@bp.get("/compare/<number>")
def compare(number: str):
    kb = store()
    van, naar = request.args.get("van", ""), request.args.get("naar", "")
    problem = compare_problem(kb, number, van, naar)
    if problem:
        return jsonify({"error": problem[1]}), problem[0]
    return jsonify({"article": number, "van": van, "naar": naar, "pairs": compare_pairs(kb, number, van, naar)})
