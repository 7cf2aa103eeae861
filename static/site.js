/* Spelregels: a little JavaScript where it helps. The pages work without it.
   - autocomplete on search boxes (GET /api/v1/suggest?q=, else /api/v1/search)
   - previews of references and defined terms on hover, focus or tap (GET /api/v1/preview?cite=&edition=,
     else the article API)
   - copy-citation buttons ("artikel 27B2 (Spelregels 1997)" plus the link)
   - a link to a section this corpus lacks (#27B2) shows the nearest section that it has */
(function () {
  "use strict";

  var live = function (msg) {
    var el = document.getElementById("live");
    if (el) { el.textContent = ""; window.setTimeout(function () { el.textContent = msg; }, 30); }
  };

  // the mount point of the site ("" at the root, "/regels" under a path prefix): every request goes under it
  var ROOT = document.documentElement.getAttribute("data-root") || "";

  function getJSON(url) {
    return fetch(ROOT + url, { headers: { Accept: "application/json" }, credentials: "same-origin" }).then(function (r) {
      if (!r.ok) { throw new Error(String(r.status)); }
      return r.json();
    });
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined && text !== null) { e.textContent = text; }
    return e;
  }

  /* ------------------------------------------------------------ autocomplete */

  var KINDS = { keyword: "trefwoord", title: "artikeltitel", definition: "begrip", citation: "artikel",
                article: "artikel", guide: "gids" };
  var suggestEndpoint = "suggest"; // falls back to "search" when /api/v1/suggest is missing

  function normaliseSuggestions(data, kind) {
    var items = Array.isArray(data) ? data : (data.suggestions || data.results || data.items || []);
    var out = [];
    items.forEach(function (it) {
      if (typeof it === "string") { out.push({ label: it, value: it, url: "", note: "" }); return; }
      if (!it || typeof it !== "object") { return; }
      var label = it.label || it.text || it.term || it.value || it.title || "";
      if (kind === "search" && it.kind === "article" && it.article) {
        label = "Artikel " + it.article + (it.section || "") + (it.edition ? " (" + it.edition + ")" : "");
      }
      var kindName = KINDS[it.kind] || "";
      var note = it.note || (it.title && it.title !== label ? it.title : "") ||
        (it.article && it.kind !== "citation" ? (kindName ? kindName + " · " : "") + "artikel " + it.article : kindName);
      if (label) { out.push({ label: label, value: it.value || label, url: it.url || "", note: note }); }
    });
    return out.slice(0, 8);
  }

  function fetchSuggestions(q) {
    var enc = encodeURIComponent(q);
    if (suggestEndpoint === "suggest") {
      return getJSON("/api/v1/suggest?q=" + enc).then(function (d) { return normaliseSuggestions(d, "suggest"); },
        function () { suggestEndpoint = "search"; return fetchSuggestions(q); });
    }
    return getJSON("/api/v1/search?limit=6&q=" + enc).then(function (d) { return normaliseSuggestions(d, "search"); },
      function () { return []; });
  }

  function setupAutocomplete(input, n) {
    var form = input.form;
    var wrap = input.parentNode;
    var list = el("ul", "suggestions");
    var listId = "suggest-" + n;
    list.id = listId;
    list.setAttribute("role", "listbox");
    list.setAttribute("aria-label", "Suggesties");
    list.hidden = true;
    wrap.appendChild(list);
    input.setAttribute("role", "combobox");
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-expanded", "false");
    input.setAttribute("aria-controls", listId);
    var items = [], active = -1, timer = 0, seq = 0;

    function close() {
      list.hidden = true; list.textContent = ""; items = []; active = -1;
      input.setAttribute("aria-expanded", "false");
      input.removeAttribute("aria-activedescendant");
    }
    function mark(i) {
      active = i;
      Array.prototype.forEach.call(list.children, function (li, j) { li.setAttribute("aria-selected", j === i ? "true" : "false"); });
      if (i >= 0) { input.setAttribute("aria-activedescendant", listId + "-" + i); } else { input.removeAttribute("aria-activedescendant"); }
    }
    function choose(i) {
      var it = items[i];
      if (!it) { return; }
      if (it.url) { window.location.assign(it.url); return; }
      input.value = it.value;
      close();
      if (form) { form.submit(); }
    }
    function show(found) {
      list.textContent = "";
      items = found;
      if (!found.length) { close(); return; }
      found.forEach(function (it, i) {
        var li = el("li");
        li.id = listId + "-" + i;
        li.setAttribute("role", "option");
        li.setAttribute("aria-selected", "false");
        li.appendChild(el("span", "s-label", it.label));
        if (it.note) { li.appendChild(el("span", "s-note", it.note)); }
        li.addEventListener("mousedown", function (ev) { ev.preventDefault(); choose(i); });
        list.appendChild(li);
      });
      list.hidden = false;
      input.setAttribute("aria-expanded", "true");
      active = -1;
    }
    input.addEventListener("input", function () {
      var q = input.value.trim();
      window.clearTimeout(timer);
      if (q.length < 2) { close(); return; }
      timer = window.setTimeout(function () {
        var mine = ++seq;
        fetchSuggestions(q).then(function (found) { if (mine === seq && input.value.trim() === q) { show(found); } });
      }, 120);
    });
    input.addEventListener("keydown", function (ev) {
      if (list.hidden) { return; }
      if (ev.key === "ArrowDown") { ev.preventDefault(); mark((active + 1) % items.length); }
      else if (ev.key === "ArrowUp") { ev.preventDefault(); mark(active <= 0 ? items.length - 1 : active - 1); }
      else if (ev.key === "Enter" && active >= 0) { ev.preventDefault(); choose(active); }
      else if (ev.key === "Escape") { close(); }
    });
    input.addEventListener("blur", function () { window.setTimeout(close, 150); });
  }

  /* ------------------------------------------------------------ previews */

  var cache = {};
  var popup = null, popupFor = null, armed = null, hideTimer = 0, showTimer = 0, lastPointer = "mouse";

  function findSection(sections, id) {
    for (var i = 0; i < sections.length; i++) {
      if (sections[i].id === id) { return sections[i]; }
      var f = findSection(sections[i].children || [], id);
      if (f) { return f; }
    }
    return null;
  }

  function loadPreview(cite, edition) {
    var key = edition + "/" + cite;
    if (!cache[key]) {
      cache[key] = getJSON("/api/v1/preview?cite=" + encodeURIComponent(cite) + "&edition=" + encodeURIComponent(edition))
        .catch(function () {
          var m = /^(\d{1,3}|bijlage)(.*)$/.exec(cite);
          if (!m) { throw new Error("geen verwijzing"); }
          return getJSON("/api/v1/articles/" + encodeURIComponent(edition) + "/" + encodeURIComponent(m[1])).then(function (a) {
            var s = m[2] ? findSection(a.sections || [], cite) : null;
            var text = s ? (s.text || "") : (a.intro || a.text || "");
            return { cite: cite, edition: edition, article: a.article, title: s ? (s.title || a.title) : a.title,
                     text: text, url: a.url + (s ? "#" + s.id : ""), label: "artikel " + cite + " (Spelregels " + edition + ")" };
          });
        });
    }
    return cache[key];
  }

  function ensurePopup() {
    if (popup) { return popup; }
    popup = el("div", "preview");
    popup.id = "preview";
    popup.setAttribute("role", "tooltip");
    popup.hidden = true;
    popup.addEventListener("mouseenter", function () { window.clearTimeout(hideTimer); });
    popup.addEventListener("mouseleave", scheduleHide);
    (document.getElementById("inhoud") || document.body).appendChild(popup); // inside the main landmark
    return popup;
  }

  function place(link) {
    var r = link.getBoundingClientRect();
    var vw = document.documentElement.clientWidth;
    var w = Math.min(popup.offsetWidth || 320, vw - 16);
    var left = Math.max(8, Math.min(r.left, vw - w - 8));
    var top = r.bottom + 6;
    var h = popup.offsetHeight;
    if (top + h > window.innerHeight && r.top - h - 6 > 0) { top = r.top - h - 6; }
    popup.style.left = (left + window.scrollX) + "px";
    popup.style.top = (top + window.scrollY) + "px";
  }

  function fill(head, text, url, linkText, closable) {
    popup.textContent = "";
    if (closable) {
      var x = el("button", "pv-close", "×");
      x.type = "button";
      x.setAttribute("aria-label", "Sluiten");
      x.addEventListener("click", hide);
      popup.appendChild(x);
    }
    popup.appendChild(el("div", "pv-head", head));
    if (text) { popup.appendChild(el("div", "pv-text", text)); }
    if (url) {
      var a = el("a", "pv-link", linkText);
      a.href = url;
      popup.appendChild(a);
    }
  }

  function showFor(link) {
    ensurePopup();
    window.clearTimeout(hideTimer);
    popupFor = link;
    link.setAttribute("aria-describedby", "preview");
    var touch = lastPointer === "touch";
    if (link.classList.contains("term")) {
      fill(link.getAttribute("data-term") || link.textContent, link.getAttribute("data-definition") || "Zie de begrippen.",
           link.href, "Alle begrippen", touch);
      popup.hidden = false; place(link); return;
    }
    var cite = link.getAttribute("data-cite"), edition = link.getAttribute("data-edition");
    fill("artikel " + cite + " (" + edition + ")", "Laden…", "", "", touch);
    popup.hidden = false; place(link);
    loadPreview(cite, edition).then(function (p) {
      if (popupFor !== link) { return; }
      var head = (p.label || ("artikel " + cite)) + (p.title ? " — " + p.title : "");
      var text = p.text || "Van dit artikel of lid staat geen tekst in de bron.";
      if (text.length > 600) { text = text.slice(0, 600).replace(/\s+\S*$/, "") + " …"; }
      fill(head, text, p.url || link.href, "Naar " + (p.label || "het artikel"), touch);
      place(link);
    }, function () {
      if (popupFor !== link) { return; }
      fill("artikel " + cite + " (" + edition + ")", "Geen voorbeeld beschikbaar.", link.href, "Naar het artikel", touch);
      place(link);
    });
  }

  function hide() {
    if (popup) { popup.hidden = true; }
    if (popupFor) { popupFor.removeAttribute("aria-describedby"); }
    popupFor = null;
    armed = null;
  }
  function scheduleHide() { window.clearTimeout(showTimer); window.clearTimeout(hideTimer); hideTimer = window.setTimeout(hide, 250); }

  function previewTarget(node) {
    return node && node.closest ? node.closest("a.ref[data-cite], a.term[data-definition]") : null;
  }

  function setupPreviews() {
    document.addEventListener("pointerdown", function (ev) {
      lastPointer = ev.pointerType || "mouse";
      if (popup && !popup.hidden && !popup.contains(ev.target) && !previewTarget(ev.target)) { hide(); }
    }, true);
    document.addEventListener("mouseover", function (ev) {
      var link = previewTarget(ev.target);
      if (!link || lastPointer === "touch") { return; }
      window.clearTimeout(hideTimer); window.clearTimeout(showTimer);
      if (popupFor === link && !popup.hidden) { return; }
      showTimer = window.setTimeout(function () { showFor(link); }, 200);
    });
    document.addEventListener("mouseout", function (ev) {
      var link = previewTarget(ev.target);
      if (link && !(ev.relatedTarget && link.contains(ev.relatedTarget))) { scheduleHide(); }
    });
    document.addEventListener("focusin", function (ev) {
      var link = previewTarget(ev.target);
      if (link) { showFor(link); }
      else if (popup && !popup.contains(ev.target)) { hide(); }
    });
    document.addEventListener("click", function (ev) {
      var link = previewTarget(ev.target);
      if (!link || lastPointer !== "touch") { return; }
      if (armed === link && popup && !popup.hidden) { armed = null; return; } // a second tap follows the link
      ev.preventDefault();
      armed = link;
      showFor(link);
    });
    document.addEventListener("keydown", function (ev) { if (ev.key === "Escape") { hide(); } });
    // the native tooltip would double the preview
    Array.prototype.forEach.call(document.querySelectorAll("a.term[title]"), function (a) { a.removeAttribute("title"); });
  }

  /* ------------------------------------------------------------ copy citation */

  function copyText(text, html) {
    if (navigator.clipboard && window.ClipboardItem && html) {
      try {
        var item = new window.ClipboardItem({
          "text/plain": new Blob([text], { type: "text/plain" }),
          "text/html": new Blob([html], { type: "text/html" })
        });
        return navigator.clipboard.write([item]).catch(function () { return navigator.clipboard.writeText(text); });
      } catch (e) { /* fall through */ }
    }
    if (navigator.clipboard && navigator.clipboard.writeText) { return navigator.clipboard.writeText(text); }
    return new Promise(function (resolve, reject) {
      var ta = el("textarea");
      ta.value = text;
      ta.setAttribute("readonly", "");
      ta.className = "visually-hidden";
      document.body.appendChild(ta);
      ta.select();
      var ok = false;
      try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
      document.body.removeChild(ta);
      if (ok) { resolve(); } else { reject(new Error("copy")); }
    });
  }

  function escapeHtml(s) {
    return s.replace(/[&<>"']/g, function (c) { return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]; });
  }

  function setupCopy() {
    Array.prototype.forEach.call(document.querySelectorAll("button.copy[data-copy-label]"), function (b) {
      b.hidden = false;
      var original = b.textContent;
      b.addEventListener("click", function () {
        var label = b.getAttribute("data-copy-label"), url = b.getAttribute("data-copy-url");
        var text = label + " " + url;
        var html = '<a href="' + escapeHtml(url) + '">' + escapeHtml(label) + "</a>";
        copyText(text, html).then(function () {
          b.textContent = "Gekopieerd"; b.classList.add("done");
          live("Gekopieerd: " + label);
          window.setTimeout(function () { b.textContent = original; b.classList.remove("done"); }, 1800);
        }, function () {
          window.prompt("Kopieer de verwijzing:", text);
        });
      });
    });
  }

  /* ------------------------------------------------------------ a section this corpus lacks */

  function showFallbackTarget() {
    var id = decodeURIComponent(window.location.hash.slice(1));
    Array.prototype.forEach.call(document.querySelectorAll(".target-fallback"), function (e) { e.classList.remove("target-fallback"); });
    var old = document.getElementById("fallback-note");
    if (old) { old.parentNode.removeChild(old); }
    if (!id || document.getElementById(id) || !/^(\d{1,3}|bijlage)[A-Z]/.test(id) || !document.querySelector("article.wet")) { return; }
    for (var n = id.length - 1; n > 0; n--) {
      var found = document.getElementById(id.slice(0, n));
      if (found && found.classList.contains("lid")) {
        var note = el("p", "notice", "Lid " + id + " staat niet in de bron; u ziet " + found.id + ".");
        note.id = "fallback-note";
        note.setAttribute("role", "status");
        found.insertBefore(note, found.firstChild.nextSibling);
        found.classList.add("target-fallback");
        found.scrollIntoView();
        return;
      }
      if (found) { break; }
    }
  }

  /* ------------------------------------------------------------ start */

  function start() {
    Array.prototype.forEach.call(document.querySelectorAll("input[data-suggest]"), setupAutocomplete);
    setupPreviews();
    setupCopy();
    showFallbackTarget();
    window.addEventListener("hashchange", showFallbackTarget);
  }

  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
}());
