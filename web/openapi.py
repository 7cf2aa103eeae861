"""/api/v1/openapi.json: the JSON API (CONTRACT.md and what the search and rulings endpoints add) as OpenAPI 3.0.

The document is built per request from app.config, so the limits it states (query length, result count, body size)
are the ones enforced, and from the current build when there is one (the edition ids). Response objects list the
fields every client may rely on; more may be present (additionalProperties is left open)."""
from __future__ import annotations

from flask import Blueprint, current_app, jsonify

bp = Blueprint("openapi", __name__)


def obj(required: dict, optional: dict | None = None, description: str | None = None) -> dict:
    out = {"type": "object", "required": sorted(required), "properties": {**required, **(optional or {})}}
    if description:
        out["description"] = description
    return out


def ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def array(items: dict) -> dict:
    return {"type": "array", "items": items}


def nullable(schema: dict) -> dict:
    return {**schema, "nullable": True}


STR, INT, BOOL, NUM = {"type": "string"}, {"type": "integer"}, {"type": "boolean"}, {"type": "number"}
CITE_PATTERN = r"^\d{1,3}(?:[A-Z](?:\d{1,2}(?:[a-z](?:\d{1,2})?)?)?)?$"
SOURCE = obj({"file": STR, "line": INT}, description="Where the text stands in corpus/sources.")


def schemas(editions: list[str]) -> dict:
    return {**lookup_schemas(editions), **structure_schemas()}


def lookup_schemas(editions: list[str]) -> dict:
    """Errors, health, search, suggestions, citations, previews and linkify."""
    edition = nullable({"type": "string", **({"enum": editions} if editions else {})})
    return {
        "Error": obj({"error": STR}, description="Every 4xx/5xx of the API; some add context (e.g. nearest, editions)."),
        "Health": obj({"status": {"type": "string", "enum": ["ok"]}, "editions": array(STR), "articles": INT},
                      {"default_edition": STR, "version": STR}),
        "Editions": obj({"default": STR, "editions": array(obj({"id": STR, "title": STR, "articles": array(STR)}))}),
        "SearchResult": obj({"kind": STR, "edition": nullable(STR), "article": nullable(STR),
                             "section": nullable(STR), "title": nullable(STR), "url": STR, "snippet": STR},
                            {"score": nullable(NUM), "citation": STR, "other_editions": array(STR)},
                            "kind 'article' is law text; other kinds (guide, definition, …) are other documents. "
                            "The snippet is HTML-escaped text with <mark> around the words found."),
        "SearchResponse": obj({"query": STR, "results": array(ref("SearchResult")), "suggestion": nullable(STR)},
                              {"understood": nullable(STR)},
                              "understood: the query as searched when the glossary or a typo correction rewrote "
                              "it (null otherwise); suggestion: a correction of a word outside the vocabulary."),
        "Suggestions": obj({"query": STR, "suggestions": array(obj({"label": STR, "url": STR},
                                                                   {"kind": STR, "article": nullable(STR)}))}),
        "Citation": obj({"cite": STR, "edition": STR, "article": STR, "section": nullable(STR), "label": STR,
                         "url": STR}, {"path": STR, "exact": BOOL},
                        "One citation resolved in an edition; exact is false when the section is not in the text."),
        "Preview": {"allOf": [ref("Citation"), obj({"title": nullable(STR), "text": STR},
                                                   {"article_title": nullable(STR), "has_text": BOOL, "shown": STR,
                                                    "note": STR})]},
        "LinkifyRequest": obj({"text": STR}, {
            "edition": edition, "format": {"type": "string", "enum": ["markdown", "text"], "default": "markdown"},
            "absolute": {"type": "boolean", "default": False, "description": "absolute URLs in html and refs"},
            "cited": {"type": "boolean", "default": False, "description": "add the preview of every citation"}}),
        "LinkifyRef": obj({"start": INT, "end": INT, "text": STR, "edition": nullable(STR), "article": STR,
                           "section": nullable(STR), "url": nullable(STR)},
                          {"cite": STR, "label": STR, "found": BOOL, "article_found": BOOL,
                           "edition_from": {"type": "string", "enum": ["request", "document", "sentence"]},
                           "resolved_against": nullable(obj({"cite": STR, "edition": nullable(STR), "label": STR},
                                                            {"start": nullable(INT), "end": nullable(INT)})),
                           "shown": STR, "editions_with_section": array(STR)},
                          "start and end index the request text (Python string offsets); url is null when the "
                          "article does not exist in that edition. found: the knowledge base holds the cited "
                          "section's text (article_found: the article); when it does not, shown is the nearest "
                          "part it holds and editions_with_section the editions that hold it. edition_from: the "
                          "edition asked for, one the text declared earlier, or one named in the same sentence; "
                          "resolved_against: the citation a relative reference (lid C van hetzelfde artikel) "
                          "was read against."),
        "LinkifyResponse": obj({"html": STR, "refs": array(ref("LinkifyRef"))},
                               {"edition": STR, "format": STR, "markdown": STR, "cited": array(ref("Preview"))},
                               "html is sanitized: text markup and links only."),
        "Section": obj({"id": STR, "title": STR, "text": STR, "children": array(ref("Section"))},
                       {"label": STR, "fragment": BOOL, "sources": array(SOURCE)},
                       "id is the compact citation (27B1b), the element id on the article page."),
    }


def structure_schemas() -> dict:
    """Articles, their references, keyword index, definitions, tables of contents, comparisons."""
    return {
        "Reference": obj({"edition": STR, "article": nullable(STR), "section": nullable(STR), "text": STR},
                         {"sentence": STR, "from_section": nullable(STR), "to_section": nullable(STR), "status": STR}),
        "Article": obj({"edition": STR, "article": STR, "title": nullable(STR), "text": STR,
                        "sections": array(ref("Section")), "refs_out": array(ref("Reference")),
                        "refs_in": array(ref("Reference")), "keywords": array(obj({"term": STR, "path": array(STR)})),
                        "other_editions": array(obj({"edition": STR}, {"url": STR})), "sources": array(SOURCE),
                        "complete": BOOL},
                       {"intro": STR, "footnotes": array({"type": "object"}), "unplaced": array({"type": "object"}),
                        "guide": array({"type": "object"}), "related": array(STR), "has_text": BOOL,
                        "known_from": array(STR), "notes": array({}), "url": STR}),
        "Keywords": obj({"entries": array(obj({"term": STR, "path": array(STR), "articles": array(STR),
                                               "see": array(STR), "see_also": array(STR)},
                                              {"fragment": BOOL, "source": SOURCE}))}),
        "Definitions": obj({"entries": array(obj({"term": STR, "text": STR, "edition": STR,
                                                  "refs": array(ref("Reference"))},
                                                 {"fragment": BOOL, "source": SOURCE}))}),
        "TocNode": obj({"kind": {"type": "string", "enum": ["hoofdstuk", "deel", "paragraaf", "artikel"]},
                        "number": STR, "title": nullable(STR), "title_from": nullable(STR), "inferred": BOOL,
                        "children": array({"type": "object"})},
                       {"id": STR, "reason": STR, "sources": array(SOURCE)},
                       "title_from: 'source', another edition's id, or null (the sources give no title)."),
        "Toc": obj({"edition": STR, "toc": array(ref("TocNode"))}),
        "Compare": obj({"article": STR, "van": STR, "naar": STR,
                        "pairs": array(obj({"van": nullable(STR), "naar": nullable(STR),
                                            "similarity": {"type": "number", "minimum": 0, "maximum": 1}},
                                           {"change": STR}))}),
    }


def response(description: str, schema: dict | None = None) -> dict:
    out = {"description": description}
    if schema is not None:
        out["content"] = {"application/json": {"schema": schema}}
    return out


def errors(*codes: int) -> dict:
    words = {400: "Invalid parameters (e.g. a parameter longer than the query limit)", 404: "Not found",
             413: "Body too large", 415: "Not application/json (no form or text/plain posts, no CORS)",
             503: "No build yet (python app.py build)"}
    return {str(c): {"$ref": f"#/components/responses/E{c}"} if c in (400, 503) else response(words[c], ref("Error"))
            for c in codes}


def param(name: str, where: str, schema: dict, description: str, required: bool = False, example=None) -> dict:
    out = {"name": name, "in": where, "required": required or where == "path", "schema": schema,
           "description": description}
    if example is not None:
        out["example"] = example
    return out


def get(summary: str, ok: dict, params: list | None = None, codes: tuple = (), description: str = "") -> dict:
    op = {"summary": summary, "parameters": params or [],
          "responses": {"200": ok, **errors(*sorted(set(codes) | {400, 503}))}}
    if description:
        op["description"] = description
    return {"get": op}


def editions_known() -> list[str]:
    try:
        from .state import store
        return store().edition_ids
    except Exception:  # no build: the document still describes the API
        return []


def document() -> dict:
    eds = editions_known()
    return {
        "openapi": "3.0.3",
        "info": {"title": "Spelregels voor Wedstrijdbridge: kennisbank", "version": "1",
                 "description": "The public JSON API (CONTRACT.md). UTF-8; errors are 4xx/5xx with "
                                "{\"error\": \"…\"}; any origin may call it (CORS)."},
        "paths": paths(eds),
        "components": {
            "schemas": schemas(eds),
            "responses": {"E400": response("Invalid parameters", ref("Error")),
                          "E503": response("No build yet (python app.py build)", ref("Error"))},
        },
    }


def paths(eds: list[str]) -> dict:
    cfg = current_app.config
    max_q, max_results = cfg["MAX_QUERY_LENGTH"], cfg["MAX_RESULTS"]
    edition = {"type": "string", "pattern": r"^\d{4}$", **({"enum": eds} if eds else {})}
    edition_path = {"type": "string", **({"enum": eds} if eds else {"pattern": r"^\d{4}$"})}
    q = param("q", "query", {"type": "string", "maxLength": max_q},
              f"Plain words or a citation (27B1b, art. 27 lid B); at most {max_q} characters.", example="onvoldoende bod")
    limit = lambda default: param("limit", "query", {"type": "integer", "minimum": 1, "maximum": max_results,
                                                     "default": default},
                                  f"How many results (larger values are capped at {max_results}).")
    cite_params = [param("cite", "query", {"type": "string", "pattern": CITE_PATTERN},
                         "A citation: the compact form (27, 27B, 27B1, 27B1b) as here; the API also reads the "
                         "forms people type ('art. 27 lid B sub 1 (b)', '27B1(b)').", required=True, example="27B2"),
                   param("edition", "query", edition, "Edition (default: the default edition, else the newest "
                                                      "that has the article).")]
    core = {
        "/api/v1/health": get("Service and build status", response("The current build", ref("Health"))),
        "/api/v1/editions": get("The editions and their articles", response("Editions", ref("Editions"))),
        "/api/v1/search": get(
            "Search the laws, the guide and the definitions", response("Results, best first", ref("SearchResponse")),
            [q, param("edition", "query", {"type": "string", "maxLength": 10},
                      "Only this edition (an unknown one searches all)."), limit(10),
             param("literal", "query", {"type": "string", "enum": ["0", "1"]},
                   "1: the words as typed (no glossary rewrite, no typo correction).")],
            description="Any text gives results or none, never an error; a citation is the first result. One "
                        "result per article (other_editions: where else it was found)."),
        "/api/v1/suggest": get("Completions while typing", response("Suggestions", ref("Suggestions")),
                               [q, limit(8)]),
        "/api/v1/articles/{edition}/{number}": get(
            "One article with its sections, references, keywords and sources", response("The article", ref("Article")),
            [param("edition", "path", edition_path, "Edition id", example="1997"),
             param("number", "path", {"type": "string", "pattern": r"^(\d{1,3}|bijlage)$"}, "Article number",
                   example="27")], codes=(404,)),
    }
    return {**core, **structure_paths(max_q, edition, edition_path), **citation_paths(cfg, cite_params)}


def structure_paths(max_q: int, edition: dict, edition_path: dict) -> dict:
    return {
        "/api/v1/keywords": get("The keyword index", response("Entries A–Z", ref("Keywords")),
                                [param("q", "query", {"type": "string", "maxLength": max_q},
                                       "Only entries whose path contains this text")]),
        "/api/v1/definitions": get("The definitions (Omschrijvingen)", response("Entries", ref("Definitions"))),
        "/api/v1/toc/{edition}": get(
            "The edition's table of contents as one tree (hoofdstuk, deel, paragraaf, artikel)",
            response("The tree", ref("Toc")),
            [param("edition", "path", edition_path, "Edition id", example="1997")], codes=(404,),
            description="Each heading once, each article once; a title the sources do not give is null, a title "
                        "from another edition names it in title_from; inferred parts carry their reason."),
        "/api/v1/compare/{number}": get(
            "One article in two editions, sections paired by content", response("The pairs", ref("Compare")),
            [param("number", "path", {"type": "string", "pattern": r"^\d{1,3}$"}, "Article number", example="27"),
             param("van", "query", edition, "The older edition", required=True, example="1987"),
             param("naar", "query", edition, "The newer edition", required=True, example="1997")], codes=(400, 404),
            description="pairs: van and naar section ids (null: added or removed), similarity 0..1 of title and "
                        "text together, change (same, same_so_far, changed, renumbered, added, removed, no_text, missing_*)."),
    }


def citation_paths(cfg, cite_params: list) -> dict:
    return {
        "/api/v1/preview": get("A citation's text for a hover preview", response("The preview", ref("Preview")),
                               cite_params, codes=(404,)),
        "/api/v1/resolve": get("Resolve a citation to its page", response("The citation", ref("Citation")),
                               cite_params, codes=(404,)),
        "/api/v1/linkify": {"post": {
            "summary": "Link every citation in a ruling",
            "description": f"The text may be at most {cfg['MAX_LINKIFY_BYTES']} bytes (UTF-8); a request body at "
                           f"most {cfg['MAX_CONTENT_LENGTH']} bytes.",
            "requestBody": {"required": True, "content": {"application/json": {
                "schema": ref("LinkifyRequest"),
                "example": {"text": "Zie artikel 27B1 en 16.", "edition": "1997", "format": "markdown"}}}},
            "responses": {"200": response("Sanitized html and the references", ref("LinkifyResponse")),
                          **errors(400, 413, 415, 503)}}},
        "/api/v1/openapi.json": {"get": {"summary": "This document",
                                         "responses": {"200": response("OpenAPI 3.0", {"type": "object"})}}},
    }


@bp.get("/api/v1/openapi.json")
def openapi():
    return jsonify(document())
