"""Reading a ruling from a request, before anything renders it: how deep its text nests (one linear pass) and
whether its strings are valid Unicode; and the check in front of the /uitspraak form (web/headers.py registers it).

Python-Markdown recurses for nested lists and quotes and rescans for every unclosed bracket or tag, so a text
nested deeper than MAX_NESTING is answered with a 400 and never rendered."""
from __future__ import annotations

import re

from flask import render_template, request

from .state import store

MAX_NESTING = 20  # brackets, parentheses, list or quote levels a ruling may nest (deeper: a 400, never a stall)
_BRACKET = re.compile(r"[\[\]()>]|<(?=[A-Za-z/!?])")
_BRACKET_TEXT = re.compile(r"[\[\]()]")  # plain text: no HTML, so < is only a character
_LIST_MARK = re.compile(r"[ \t]*(?:[>*+-]|[0-9]{1,9}[.)])(?=[ \t]|$)")


def nesting_error(text: str, markdown: bool = True) -> str | None:
    """A Dutch message when `text` nests deeper than MAX_NESTING, else None. One linear pass: the running
    depth of unclosed [, ( and tag-like < (Python-Markdown rescans for each unclosed one), and per line the
    list and quote markers and indentation that start it."""
    depth = {"[": 0, "(": 0, "<": 0}
    closing = {"]": "[", ")": "(", ">": "<"}
    for m in (_BRACKET if markdown else _BRACKET_TEXT).finditer(text):
        ch = m.group()
        if ch in depth:
            depth[ch] += 1
            if depth[ch] > MAX_NESTING:
                return f"de tekst nest te diep: meer dan {MAX_NESTING} open haakjes '{ch}' na elkaar"
        elif depth[closing[ch]]:
            depth[closing[ch]] -= 1
    if not markdown:
        return None
    for line in text.split("\n"):
        stripped = line.lstrip(" \t")
        indent = len(line) - len(stripped) + 3 * line[:len(line) - len(stripped)].count("\t")
        levels, pos = indent // 2, 0
        while levels <= MAX_NESTING and (m := _LIST_MARK.match(line, pos)):
            levels, pos = levels + 1, m.end()
        if levels > MAX_NESTING:
            return f"de tekst nest te diep: meer dan {MAX_NESTING} niveaus van lijsten, citaten of inspringing"
    return None


def encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def check_ruling_form():
    """/uitspraak, before the view: a form posted from another site is refused (403), and a text nested
    deeper than MAX_NESTING is answered with the page and a 400, never handed to the renderer."""
    if request.endpoint != "rulings.uitspraak":
        return None
    if request.method == "POST" and request.headers.get("Sec-Fetch-Site") == "cross-site":
        return render_template("error.html", status=403, title="Niet toegestaan",
                               message="Een uitspraak kan alleen via het formulier op deze site worden "
                                       "verstuurd."), 403
    form = request.form if request.method == "POST" else request.args
    problem = nesting_error(form.get("tekst", ""), form.get("formaat") != "text")
    if problem is None:
        return None
    from .rulings import EXAMPLE
    kb = store()
    return render_template("uitspraak.html", kb=kb, text=form.get("tekst", ""), edition=kb.default_edition,
                           fmt=form.get("formaat") or "markdown", result=None, example=EXAMPLE,
                           error=problem[0].upper() + problem[1:] + "."), 400
