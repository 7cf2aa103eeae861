"""The web app: an app factory in the manner of Flask's tutorial, one blueprint per job.

    api       JSON API under /api/v1 (CONTRACT.md); openapi: its description
    structure_api   /api/v1/toc and /api/v1/compare: tables of contents, editions compared
    pages     HTML pages: home, editions, articles, keyword index, definitions, guide, compare
    search    /zoeken and the search API
    rulings   /uitspraak, linkify, previews, citation resolving
    offline   /sw.js, the web app manifest, the offline search page and lookup
The app only reads the built artifact (kb/store.py, composed with its index in web/state.py); it never
imports the build (builder.py), so a worker loads no parser."""
from __future__ import annotations

from pathlib import Path

from flask import Flask

from config import data_dir, request_limits


def create_app(config: dict | None = None) -> Flask:
    root = Path(__file__).resolve().parent.parent
    app = Flask(__name__, template_folder=str(root / "templates"), static_folder=str(root / "static"))
    app.config.update(
        DATA_DIR=str(data_dir()),
        **request_limits(),
        JSON_AS_ASCII=False,
    )
    if config:
        app.config.update(config)
    app.json.ensure_ascii = False
    app.json.sort_keys = False

    from . import state
    state.init_app(app)

    from .api import bp as api_bp
    from .openapi import bp as openapi_bp
    from .pages import bp as pages_bp
    from .rulings import bp as rulings_bp
    from .offline import bp as offline_bp
    from .search import bp as search_bp
    from .structure_api import bp as structure_api_bp
    for blueprint in (api_bp, structure_api_bp, openapi_bp, search_bp, rulings_bp, offline_bp, pages_bp):
        app.register_blueprint(blueprint)

    from .urls import article_url
    app.jinja_env.globals["article_url"] = article_url

    from .errors import register_errors
    register_errors(app)
    from .headers import register_headers
    register_headers(app)
    return app
