"""/api/v1/openapi.json describes the whole JSON API, and the API keeps to it: schemathesis generates requests from
the document against the WSGI app (bounded examples) and checks every response (no 5xx, documented status codes,
content types and schemas, 405 with Allow for undocumented methods)."""
from __future__ import annotations

import re

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings

EXAMPLES = 20


def flask_to_openapi(rule: str) -> str:
    return re.sub(r"<(?:[^:>]+:)?([^>]+)>", r"{\1}", rule)


def test_document_is_valid_openapi(client):
    r = client.get("/api/v1/openapi.json")
    assert r.status_code == 200 and r.mimetype == "application/json"
    doc = r.get_json()
    assert doc["openapi"].startswith("3.0") and doc["info"]["title"]
    refs = re.findall(r'"\$ref": "#/components/(\w+)/(\w+)"', r.get_data(as_text=True).replace('":"', '": "'))
    assert refs
    for kind, name in refs:  # every reference resolves
        assert name in doc["components"][kind], (kind, name)
    for path, ops in doc["paths"].items():
        for method, op in ops.items():
            assert "200" in op["responses"] and op["summary"], (path, method)
            for p in op.get("parameters", []):
                assert p["in"] in ("query", "path") and p["schema"], (path, p)


def test_every_api_route_is_documented_and_every_documented_path_exists(app, client):
    doc = client.get("/api/v1/openapi.json").get_json()
    routes: dict[str, set[str]] = {}
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith("/api/"):
            routes.setdefault(flask_to_openapi(rule.rule), set()).update(rule.methods - {"HEAD", "OPTIONS"})
    documented = {path: {m.upper() for m in ops} for path, ops in doc["paths"].items()}
    assert documented == routes


def test_documented_limits_are_the_enforced_ones(app, client):
    doc = client.get("/api/v1/openapi.json").get_json()
    q = next(p for p in doc["paths"]["/api/v1/search"]["get"]["parameters"] if p["name"] == "q")
    limit = next(p for p in doc["paths"]["/api/v1/search"]["get"]["parameters"] if p["name"] == "limit")
    assert q["schema"]["maxLength"] == app.config["MAX_QUERY_LENGTH"]
    assert limit["schema"]["maximum"] == app.config["MAX_RESULTS"]
    assert client.get("/api/v1/search", query_string={"q": "x" * (q["schema"]["maxLength"] + 1)}).status_code == 400
    eds = doc["paths"]["/api/v1/articles/{edition}/{number}"]["get"]["parameters"][0]["schema"]["enum"]
    assert eds == client.get("/api/v1/health").get_json()["editions"]


def documented_operations() -> list[tuple[str, str]]:
    """(METHOD, path) of every operation, read from the document of an app without a build."""
    from web import create_app
    with create_app({"DATA_DIR": "/nonexistent", "TESTING": True}).test_request_context():
        from web.openapi import document
        return [(m.upper(), path) for path, ops in document()["paths"].items() for m in ops]


@pytest.fixture(scope="module")
def api_schema(app):
    return schemathesis.openapi.from_wsgi("/api/v1/openapi.json", app)


@pytest.mark.parametrize("method,path", documented_operations(), ids=lambda v: v)
def test_api_keeps_to_its_document(api_schema, method, path):
    operation = api_schema[path][method]

    @given(case=operation.as_strategy())
    @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    def check(case):
        case.call_and_validate()
    check()


# ---------------------------------------------------------------- hostile values in every parameter and body

# Lone surrogates cannot be sent in a URL (they have no UTF-8); they go in the JSON bodies, as escapes.
HOSTILE = ["²", "١٢", "１２", "27²", "\uffff", "\ufffd", "[" * 400, "(" * 400, "- " * 200, "%", "\x00", "0" * 40]
HOSTILE_BODIES = [{"text": "[" * 20000}, {"text": "\n".join("  " * i + "- x" for i in range(243))},
                  {"text": "\ud800 artikel 12"}, {"text": "x", "edition": "\udc80"}, {"text": "artikel ²"},
                  {"text": "> " * 3000}, {"text": "x", "format": "١"}]


def hostile_cases(operation) -> list:
    """The operation with each hostile value in each of its parameters (the others as in its examples)."""
    params = operation.definition.raw.get("parameters", [])
    base_query = {p["name"]: p.get("example", "27") for p in params if p["in"] == "query" and p.get("required")}
    base_path = {p["name"]: p.get("example", "1997") for p in params if p["in"] == "path"}
    cases = []
    for p in params:
        for value in HOSTILE:
            query, path = dict(base_query), dict(base_path)
            (query if p["in"] == "query" else path)[p["name"]] = value
            cases.append(operation.Case(query=query or None, path_parameters=path or None))
    if operation.method.upper() == "POST":
        cases += [operation.Case(body=body, media_type="application/json") for body in HOSTILE_BODIES]
    return cases


@pytest.mark.parametrize("method,path", documented_operations(), ids=lambda v: v)
def test_api_keeps_to_its_document_on_hostile_input(api_schema, method, path):
    """Non-ASCII digits, lone surrogates and deep nesting: answered as documented, never a 5xx."""
    operation = api_schema[path][method]
    cases = hostile_cases(operation)
    assert cases or not operation.definition.raw.get("parameters")
    for case in cases:
        response = case.call()
        assert response.status_code < 500, (case.query, case.path_parameters, response.status_code)
        assert str(response.status_code) in operation.definition.raw["responses"], (case.query, response.status_code)
        assert response.headers.get("content-type", [""])[0].startswith("application/json"), case.query
