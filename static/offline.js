/* Spelregels offline: registers the service worker (/sw.js, web/offline.py), shows the "offline" line on pages
   the service worker served from its cache (<html data-offline>) or when the connection drops, and runs the
   offline search page (/offline, and any search the service worker could not send to the server). */
(function () {
  "use strict";

  function showOfflineLine(on) {
    var line = document.getElementById("offline-line");
    if (line) { line.hidden = !on; }
  }

  var ROOT = document.documentElement.getAttribute("data-root") || "";  // the mount point ("" or "/regels")

  function register() {
    if (!("serviceWorker" in navigator) || !window.isSecureContext) { return; }
    navigator.serviceWorker.register(ROOT + "/sw.js", { scope: ROOT + "/" }).catch(function () { /* the site works without */ });
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text) { e.textContent = text; }
    return e;
  }

  var KIND = { keyword: "trefwoord", title: "artikeltitel", definition: "begrip" };

  function resultItem(e, edition) {
    var li = el("li", "result result-" + e.kind);
    var a = el("a", "", e.label);
    a.href = e.url;
    li.appendChild(a);
    var note = KIND[e.kind] + (e.kind === "title" ? " · artikel " + e.article + " (" + e.edition + ")" : "");
    li.appendChild(el("span", "meta", " " + note));
    if (e.articles && e.articles.length) {
      var arts = el("span", "arts", " · ");
      e.articles.forEach(function (x, i) {
        if (i) { arts.appendChild(document.createTextNode(", ")); }
        var l = el("a", "", "artikel " + x);
        l.href = ROOT + "/" + edition + "/artikel/" + x;
        arts.appendChild(l);
      });
      li.appendChild(arts);
    }
    return li;
  }

  function runOfflineSearch(box) {
    var params = new URLSearchParams(window.location.search);
    var q = (params.get("q") || "").trim();
    var input = document.getElementById("offline-q");
    if (input) { input.value = q; }
    var out = document.getElementById("offline-results");
    if (!q || !out || !window.KBLookup) { return; }
    fetch(ROOT + "/offline/lookup.json").then(function (r) { return r.json(); }).then(function (data) {
      var cited = window.KBLookup.citationUrl(data, q, params.get("editie"));
      if (cited) { window.location.replace(cited.url); return; }
      var found = window.KBLookup.search(data, q, 30);
      out.textContent = "";
      var count = document.getElementById("offline-count");
      count.textContent = found.length ? found.length + " trefwoorden, titels en begrippen voor “" + q + "”." :
        "Niets gevonden voor “" + q + "” in de trefwoorden, titels en begrippen.";
      found.forEach(function (e) { out.appendChild(resultItem(e, data.default_edition)); });
      box.hidden = false;
    }, function () {
      document.getElementById("offline-count").textContent =
        "De opgeslagen trefwoordenlijst is er niet: open de site eenmaal met verbinding.";
      box.hidden = false;
    });
  }

  function start() {
    showOfflineLine(document.documentElement.hasAttribute("data-offline") || navigator.onLine === false);
    window.addEventListener("offline", function () { showOfflineLine(true); });
    var box = document.getElementById("offline-answer");
    if (box) { runOfflineSearch(box); }
    // after the page has loaded and the browser is idle: the first visit's own page comes first
    var later = function () { (window.requestIdleCallback || window.setTimeout)(register, { timeout: 3000 }); };
    if (document.readyState === "complete") { later(); } else { window.addEventListener("load", later); }
  }

  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
}());
