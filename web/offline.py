"""Offline use after one visit: the service worker, the web app manifest, the offline search page and what
the service worker stores (web/offline_data.py makes the lists).

    /sw.js                     the service worker (scope /): static/offline-sw.js behind the cache id of this build
    /manifest.webmanifest      name, icons, colours (installable web app)
    /offline                   the search page the service worker shows without a connection
    /offline/precache.json     {"version", "urls"}: what the service worker stores at install
    /offline/lookup.json       the small lookup for offline search and citation jumps

Every response carries `X-KB-Build: <cache id>`, so the service worker stores pages of one build only: a
response of another build (a rebuild during the install) fails the install, and the next visit tries again.
The cache id changes with the build and with the code that serves it, and so does /sw.js, byte for byte: the
browser installs the new worker, which fills a new cache and deletes every older one."""
from __future__ import annotations

import json
from pathlib import Path

from flask import Blueprint, Response, jsonify, render_template, request, url_for

from .headers import add_missing
from .offline_data import cache_id, lookup_data, precache_urls
from .state import store

bp = Blueprint("offline", __name__)

SW_SOURCE = Path(__file__).resolve().parent.parent / "static" / "offline-sw.js"
NO_CACHE = {"Cache-Control": "no-cache"}
THEME = "#0b5cad"
# A worker obeys the policy of its own script: it may import its lookup code and fetch from this origin only.
SW_CSP = "default-src 'none'; script-src 'self'; connect-src 'self'"


@bp.after_app_request
def build_header(resp):
    try:
        add_missing(resp.headers, (("X-KB-Build", cache_id(store())),))
    except Exception:  # no build yet (the 503 says so)
        pass
    return resp


@bp.get("/sw.js")
def service_worker():
    kb = store()
    head = "self.KB_BUILD = %s;\nself.KB_PRECACHE = %s;\nself.KB_ROOT = %s;\n" % (
        json.dumps(cache_id(kb)), json.dumps(url_for("offline.precache")), json.dumps(request.script_root))
    body = head + SW_SOURCE.read_text("utf-8")
    headers = dict(NO_CACHE, **{"Service-Worker-Allowed": "/", "Content-Security-Policy": SW_CSP})
    return Response(body, mimetype="text/javascript", headers=headers)


@bp.get("/manifest.webmanifest")
def manifest():
    icons = [{"src": url_for("static", filename="icon-192.png"), "sizes": "192x192", "type": "image/png"},
             {"src": url_for("static", filename="icon-512.png"), "sizes": "512x512", "type": "image/png"},
             {"src": url_for("static", filename="icon-512.png"), "sizes": "512x512", "type": "image/png",
              "purpose": "maskable"},
             {"src": url_for("static", filename="icon.svg"), "sizes": "any", "type": "image/svg+xml"}]
    data = {"name": "Spelregels voor Wedstrijdbridge", "short_name": "Spelregels", "lang": "nl",
            "description": "De Spelregels voor Wedstrijdbridge (1987, 1997, 2017), ook zonder verbinding.",
            "start_url": url_for("pages.home"), "scope": url_for("pages.home"), "display": "standalone",
            "background_color": "#fbfaf7", "theme_color": THEME, "icons": icons}
    return Response(json.dumps(data, ensure_ascii=False), mimetype="application/manifest+json", headers=NO_CACHE)


@bp.get("/offline")
def search_page():
    kb = store()
    return render_template("offline.html", kb=kb)


@bp.get("/offline/precache.json")
def precache():
    kb = store()
    resp = jsonify({"version": cache_id(kb), "urls": precache_urls(kb)})
    resp.headers.update(NO_CACHE)
    return resp


@bp.get("/offline/lookup.json")
def lookup():
    kb = store()
    key = cache_id(kb)
    resp = jsonify(dict(lookup_data(key, kb), root=request.script_root))   # the mount point, for citation jumps
    resp.headers.update(NO_CACHE)
    return resp
