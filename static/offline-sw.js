/* Spelregels service worker, served as /sw.js (scope /) by web/offline.py, which puts the cache id of the
   build (self.KB_BUILD), the address of its precache list (self.KB_PRECACHE) and the site's mount point
   (self.KB_ROOT: "" at the root, "/regels" under a path prefix; the scope is then /regels/) in front of this file.

   install   stores every page of the list in the cache "kb-<build>"; a response of another build
             (X-KB-Build differs: a rebuild during the install) fails the install, the next visit tries again
   activate  deletes every other kb- cache: one build in the cache, never a mix of two
   fetch     pages: the network first (at most NETWORK_WAIT ms when a copy is stored), else the stored copy,
             marked <html data-offline> so the page says it is offline; an unstored search or citation
             (/zoeken?q=27B2, /artikel/27B2) jumps to the stored article, other searches get the offline page;
             /api/v1/suggest offline answers from the lookup; scripts, styles, icons: the stored copy first */
/* global KBLookup */
"use strict";
var ROOT = self.KB_ROOT || "";
importScripts(ROOT + "/static/offline-lookup.js");

var BUILD = self.KB_BUILD;
var CACHE = "kb-" + BUILD;
var NETWORK_WAIT = 4000;
var BATCH = 3; // requests at a time: a slow phone's connection stays usable for the page
var lookupPromise = null;

function fetchOwn(url) {
  return fetch(new Request(url, { cache: "reload", credentials: "same-origin" })).then(function (resp) {
    if (!resp.ok) { throw new Error(url + ": " + resp.status); }
    var build = resp.headers.get("X-KB-Build");
    if (build && build !== BUILD) { throw new Error(url + ": build " + build + ", not " + BUILD); }
    return resp;
  });
}

function precache() {
  return fetchOwn(self.KB_PRECACHE).then(function (r) { return r.json(); }).then(function (list) {
    if (list.version !== BUILD) { throw new Error("precache list of build " + list.version); }
    return caches.open(CACHE).then(function (cache) {
      var urls = list.urls.slice();
      function next() {
        var batch = urls.splice(0, BATCH);
        if (!batch.length) { return Promise.resolve(); }
        return Promise.all(batch.map(function (u) {
          return fetchOwn(u).then(function (resp) { return cache.put(u, resp); });
        })).then(next);
      }
      return next();
    });
  }).catch(function (err) {
    return caches.delete(CACHE).then(function () { throw err; });
  });
}

self.addEventListener("install", function (event) {
  event.waitUntil(precache().then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k.indexOf("kb-") === 0 && k !== CACHE; })
      .map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }));
});

function stored(request) {
  return caches.open(CACHE).then(function (cache) { return cache.match(request, { ignoreVary: true }); });
}

function lookup() {
  if (!lookupPromise) {
    lookupPromise = stored(ROOT + "/offline/lookup.json").then(function (r) {
      if (!r) { lookupPromise = null; throw new Error("no lookup"); }
      return r.json();
    });
  }
  return lookupPromise;
}

function markOffline(resp) {
  return resp.text().then(function (html) {
    var headers = new Headers(resp.headers);
    headers.delete("Content-Length");
    return new Response(html.replace("<html lang=\"nl\"", "<html lang=\"nl\" data-offline"),
                        { status: 200, headers: headers });
  });
}

/* An unstored page without a connection: a citation jumps to its article, anything else is the offline page. */
/* A path of the site without its mount point. */
function sitePath(url) {
  return ROOT && url.pathname.indexOf(ROOT + "/") === 0 ? url.pathname.slice(ROOT.length) : url.pathname;
}

function offlineAnswer(url) {
  return lookup().then(function (data) {
    var q = url.searchParams.get("q");
    var path = sitePath(url);
    var cite = path === "/zoeken" ? q : (/^\/(?:(\d{4})\/)?artikel\/(.+)$/.exec(path) || [])[2];
    var edition = url.searchParams.get("editie") || (/^\/(\d{4})\//.exec(path) || [])[1];
    var found = cite ? KBLookup.citationUrl(data, decodeURIComponent(cite), edition) : null;
    if (found) { return Response.redirect(found.url, 302); }
    return stored(ROOT + "/offline").then(function (r) { return r ? markOffline(r) : Response.error(); });
  }).catch(function () { return Response.error(); });
}

function page(event) {
  var url = new URL(event.request.url);
  return stored(event.request).then(function (copy) {
    var network = fetch(event.request);
    if (!copy) {
      return network.catch(function () { return offlineAnswer(url); });
    }
    return new Promise(function (resolve) {
      var done = false;
      var fallback = function () { if (!done) { done = true; resolve(markOffline(copy.clone())); } };
      var timer = setTimeout(fallback, NETWORK_WAIT);
      network.then(function (resp) {
        clearTimeout(timer);
        if (done) { return; }
        done = true;
        resolve(resp);
      }, fallback);
    });
  });
}

function suggest(event) {
  var url = new URL(event.request.url);
  return fetch(event.request).catch(function () {
    return lookup().then(function (data) {
      var body = KBLookup.suggest(data, url.searchParams.get("q") || "", 8);
      return new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });
    });
  });
}

self.addEventListener("fetch", function (event) {
  var req = event.request;
  var url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== self.location.origin) { return; }
  if (req.mode === "navigate") { event.respondWith(page(event)); return; }
  var path = sitePath(url);
  if (path === "/api/v1/suggest") { event.respondWith(suggest(event)); return; }
  if (path.indexOf("/api/") === 0 || path === "/sw.js") { return; }
  event.respondWith(stored(req).then(function (copy) { return copy || fetch(req); }));
});
