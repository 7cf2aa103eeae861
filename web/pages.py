"""HTML pages (Dutch). A first version: the web issue builds the rest on it."""
from __future__ import annotations

from flask import Blueprint, abort, redirect, render_template, url_for

from kb.citations import parse_citation

from .state import store

bp = Blueprint("pages", __name__)


@bp.get("/")
def home():
    kb = store()
    return render_template("home.html", kb=kb)


@bp.get("/<edition>/", strict_slashes=False)
def edition(edition: str):
    kb = store()
    if edition not in kb.editions:
        abort(404)
    return render_template("edition.html", kb=kb, edition=edition)


@bp.get("/<edition>/artikel/<number>")
def article(edition: str, number: str):
    kb = store()
    if edition not in kb.editions:
        abort(404)
    art = kb.article(edition, number)
    if art is None:
        cit = parse_citation(number)
        if cit is not None and kb.article(edition, cit.article) is not None and cit.path:
            return redirect(url_for("pages.article", edition=edition, number=cit.article) + f"#{cit.id}", 302)
        abort(404)
    return render_template("article.html", kb=kb, edition=edition, number=number, art=art)


@bp.get("/artikel/<citation>")
def unversioned(citation: str):
    kb = store()
    found = kb.resolve(citation)
    if found is None:
        abort(404)
    edition, cit = found
    anchor = f"#{cit.id}" if cit.path else ""
    return redirect(url_for("pages.article", edition=edition, number=cit.article) + anchor, 302)


@bp.get("/gids/<passage>")
def guide_passage(passage: str):
    kb = store()
    p = next((p for p in kb.data["guide"] if p["id"] == passage), None)
    if p is None:
        abort(404)
    return render_template("guide.html", kb=kb, passage=p)
