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
