"""Pages: one article in two editions side by side, sections paired by content (kb/compare.py)."""
from __future__ import annotations

from flask import redirect, render_template, request, url_for

from kb.citations import parse_citation
from kb.toc_tree import walk_sections

from .pages import _num_key, article_suggestions, bp, edition_suggestions, not_found, section_label, status_of
from .render import word_diff
from .state import store
from .structure_api import compare_pairs
from .urls import article_url


# ---------------------------------------------------------------- compare editions

CHANGE_WORDS = {"same": "gelijk", "same_so_far": "gelijk voor zover de bron gaat", "changed": "gewijzigd", "renumbered": "hernummerd", "added": "nieuw",
                "removed": "vervallen", "no_text": "tekst niet in de bron", "missing_van": "niet in de bron",
                "missing_naar": "niet in de bron"}


def _flat(sections: list[dict]) -> dict[str, dict]:
    return {s["id"]: {"id": s["id"], "label": section_label(s["label"], len(s["path"]) - 1), "title": s["title"],
                      "text": s["text"], "depth": len(s["path"]) - 1} for s in walk_sections(sections)}


def compare_rows(kb, number: str, van: str, naar: str) -> list[dict]:
    """One row per pair of kb/compare.py: both sides with their word diff, the similarity and the change in
    Dutch ('was 27B4 in 1987')."""
    left, right = kb.article(van, number), kb.article(naar, number)
    flat_l, flat_r = _flat(left["sections"]), _flat(right["sections"])
    intro = {"id": number, "label": "", "title": "", "depth": 0}
    rows = []
    for p in compare_pairs(kb, number, van, naar):
        x = (dict(intro, text=left["text"]) if p["van"] == number else flat_l.get(p["van"])) if p["van"] else None
        y = (dict(intro, text=right["text"]) if p["naar"] == number else flat_r.get(p["naar"])) if p["naar"] else None
        s = y or x
        note = CHANGE_WORDS[p["change"]]
        if p["change"] == "renumbered":
            note = f"was {p['van']} in {van}"
        elif p["change"] == "added":
            note = f"nieuw in {naar}"
        elif p["change"] == "removed":
            note = f"vervallen in {naar}"
        elif p["change"].startswith("missing"):
            note = f"niet in de bron van {naar if p['change'] == 'missing_naar' else van}"
        row_id = s["id"] if y is not None else f"{van}-{s['id']}"   # a removed section's id may be a new one's
        rows.append({"id": row_id, "van_id": p["van"], "naar_id": p["naar"], "label": s["label"], "depth": s["depth"],
                     "has_left": x is not None, "has_right": y is not None, "change": p["change"], "note": note,
                     "percent": round(p["similarity"] * 100),
                     "label_left": x["label"] if x else "", "label_right": y["label"] if y else "",
                     "title_diff": word_diff(x["title"] if x else "", y["title"] if y else "") if s["id"] != number else None,
                     "diff": word_diff(x["text"] if x else "", y["text"] if y else "")})
    return rows


@bp.get("/vergelijk/")
@bp.get("/vergelijk")
def compare_index():
    kb = store()
    items = []
    numbers = sorted({a["article"] for a in kb.articles.values() if a["has_text"]}, key=_num_key)
    for n in numbers:
        eds = kb.editions_with(n)
        if len(eds) > 1:
            for lo, hi in zip(eds, eds[1:]):
                items.append({"number": n, "title": kb.article(hi, n)["title"] or kb.article(lo, n)["title"],
                              "van": lo, "naar": hi, "url": url_for("pages.compare", number=n, van=lo, naar=hi)})
    return render_template("compare_index.html", kb=kb, items=items)


@bp.get("/vergelijk/<number>")
def compare(number: str):
    kb = store()
    cit = parse_citation(number)
    if cit is None:
        return not_found(f"{number!r} is geen artikelnummer.", [{"url": url_for("pages.compare_index"),
                                                                  "label": "Edities vergelijken", "note": ""}])
    if cit.article != number:
        keep = {k: request.args[k] for k in ("van", "naar") if request.args.get(k)}  # never other arguments
        return redirect(url_for("pages.compare", number=cit.article, **keep), 302)
    with_text = kb.editions_with(number)
    van, naar = request.args.get("van", ""), request.args.get("naar", "")
    for e in (van, naar):
        if e and e not in kb.editions:
            return not_found(f"Er is geen editie {e!r}. Deze edities bestaan:", edition_suggestions(), 400)
    if not van or not naar:
        if len(with_text) < 2:
            return not_found(f"Artikel {number} staat in minder dan twee edities met tekst; er valt niets te "
                             "vergelijken.", article_suggestions(kb.default_edition, number))
        given = van or naar
        if given:
            other = next((e for e in reversed(with_text) if e != given), None)
            if other is None:
                return not_found(f"Artikel {number} staat alleen in editie {given} met tekst.",
                                 article_suggestions(given, number))
            van, naar = sorted([given, other])
        else:
            first = kb.default_edition if kb.default_edition in with_text else with_text[-1]
            van, naar = sorted([first, next(e for e in reversed(with_text) if e != first)])
        return redirect(url_for("pages.compare", number=number, van=van, naar=naar), 302)
    if van == naar:
        return not_found("Kies twee verschillende edities om te vergelijken.",
                         [{"url": url_for("pages.compare_index"), "label": "Edities vergelijken", "note": ""}], 400)
    left, right = kb.article(van, number), kb.article(naar, number)
    if left is None or right is None:
        missing = van if left is None else naar
        return not_found(f"Artikel {number} staat niet in de editie {missing}.",
                         [{"url": article_url(e, number), "label": f"Artikel {number} ({kb.editions[e]['short']})",
                           "note": status_of(kb.article(e, number))[1]}
                          for e in kb.editions_with(number, text_only=False)])
    rows = compare_rows(kb, number, van, naar)
    changed = sum(1 for r in rows if r["change"] not in ("same", "same_so_far"))
    return render_template("compare.html", kb=kb, number=number, van=van, naar=naar, left=left, right=right,
                           rows=rows, changed=changed,
                           others=[e for e in with_text if e not in (van, naar)])
