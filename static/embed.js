/*! Spelregels embed: hover/tap previews of links into the Spelregels knowledge base.
 *
 * Usage, on any page:
 *   <script src="https://<this service>/static/embed.js" defer></script>
 *
 * Every link to an article of the service (/1997/artikel/27#27B2, /artikel/27B2, /1997/artikel/27B2) then
 * shows the cited text: on hover or keyboard focus, and on touch screens on the first tap (a second tap
 * follows the link). Texts come from GET /api/v1/preview (CORS open). No dependencies, no globals besides
 * window.SpelregelsEmbed, no inline styles in markup (styles are set through the DOM).
 * Optional attributes on the script tag: data-scope="CSS selector" limits the links that get previews.
 */
(function () {
  "use strict";
  if (window.SpelregelsEmbed) return;

  var script = document.currentScript || (function () {
    var all = document.getElementsByTagName("script");
    for (var i = all.length - 1; i >= 0; i--) {
      if (/\/static\/embed\.js(\?|#|$)/.test(all[i].src)) return all[i];
    }
    return null;
  })();
  if (!script || !script.src) return;

  var src = new URL(script.src, document.baseURI);
  var prefix = src.pathname.replace(/\/static\/embed\.js$/, "");
  var base = src.origin + prefix;
  var scope = script.getAttribute("data-scope");
  var cache = {};
  var tip = null, current = null, showTimer = null, hideTimer = null, touchArmed = null, lastPointer = "mouse";
  var ARTICLE = new RegExp("^" + prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") +
                           "/(?:(\\d{4})/)?artikel/([^/?#]+)/?$");

  /* ---- which links, which citation */

  function citationOf(a) {
    if (!a || !a.href) return null;
    var url;
    try { url = new URL(a.href, document.baseURI); } catch (e) { return null; }
    if (url.origin !== src.origin) return null;
    var m = ARTICLE.exec(url.pathname);
    if (!m) return null;
    if (scope && !a.closest(scope)) return null;
    var cite = decodeURIComponent(m[2]);
    var hash = decodeURIComponent(url.hash.replace(/^#/, ""));
    if (m[1] && hash && hash.indexOf(cite) === 0) cite = hash;  // /1997/artikel/27#27B2
    return { edition: m[1] || "", cite: cite };
  }

  function linkFrom(node) {
    while (node && node !== document) {
      if (node.nodeType === 1 && node.tagName === "A" && node.hasAttribute("href")) return node;
      node = node.parentNode;
    }
    return null;
  }

  /* ---- data */

  function fetchPreview(c) {
    var key = c.edition + "/" + c.cite;
    if (!cache[key]) {
      var q = "cite=" + encodeURIComponent(c.cite) + (c.edition ? "&edition=" + encodeURIComponent(c.edition) : "");
      cache[key] = fetch(base + "/api/v1/preview?" + q, { credentials: "omit", mode: "cors" })
        .then(function (r) {
          return r.json().then(function (d) { return { ok: r.ok, data: d }; });
        })
        .catch(function () { delete cache[key]; return { ok: false, data: { error: "Geen verbinding." } }; });
    }
    return cache[key];
  }

  /* ---- the tooltip */

  function css(node, styles) {
    for (var k in styles) node.style[k] = styles[k];
    return node;
  }

  function make(tag, text, styles) {
    var n = document.createElement(tag);
    if (text) n.textContent = text;
    return styles ? css(n, styles) : n;
  }

  function ensureTip() {
    if (tip) return tip;
    tip = make("div", null, {
      position: "absolute", zIndex: "2147483000", maxWidth: "24rem", boxSizing: "border-box",
      padding: "0.6rem 0.8rem", background: "#fff", color: "#1a1a1a", border: "1px solid #b9c3cf",
      borderRadius: "6px", boxShadow: "0 4px 16px rgba(0,0,0,.18)", font: "14px/1.45 system-ui, sans-serif",
      textAlign: "left", display: "none"
    });
    tip.id = "spelregels-preview-" + Math.random().toString(36).slice(2, 8);
    tip.setAttribute("role", "tooltip");
    tip.addEventListener("mouseenter", function () { clearTimeout(hideTimer); });
    tip.addEventListener("mouseleave", function () { scheduleHide(); });
    document.body.appendChild(tip);
    return tip;
  }

  function fill(result, link) {
    var t = ensureTip();
    t.textContent = "";
    var d = result.data || {};
    if (!result.ok) {
      t.appendChild(make("div", d.error || "Geen voorbeeld beschikbaar.", { fontWeight: "600" }));
      return;
    }
    t.appendChild(make("div", d.label, { fontWeight: "700", marginBottom: "0.2rem" }));
    if (d.title) t.appendChild(make("div", d.title, { fontStyle: "italic", marginBottom: "0.3rem" }));
    if (d.text) t.appendChild(make("div", d.text));
    if (d.note) t.appendChild(make("div", d.note, { color: "#6b4e00", fontSize: "12px", marginTop: "0.3rem" }));
    var open = make("a", "Open het artikel →", { display: "inline-block", marginTop: "0.4rem", color: "#1d5fa8" });
    open.href = d.url || link.href;
    t.appendChild(open);
  }

  function place(link) {
    var t = ensureTip();
    t.style.display = "block";
    var r = link.getBoundingClientRect();
    var w = t.offsetWidth, h = t.offsetHeight;
    var vw = document.documentElement.clientWidth, vh = document.documentElement.clientHeight;
    var left = Math.max(8, Math.min(r.left, vw - w - 8));
    var top = r.bottom + 6;
    if (top + h > vh - 8 && r.top - h - 6 > 8) top = r.top - h - 6;
    t.style.left = (left + window.pageXOffset) + "px";
    t.style.top = (top + window.pageYOffset) + "px";
  }

  function show(link, c) {
    clearTimeout(hideTimer);
    current = link;
    var t = ensureTip();
    link.setAttribute("aria-describedby", t.id);
    t.textContent = "Laden…";
    place(link);
    fetchPreview(c).then(function (result) {
      if (current !== link) return;
      fill(result, link);
      place(link);
    });
  }

  function hide() {
    clearTimeout(showTimer);
    if (current) current.removeAttribute("aria-describedby");
    current = null;
    touchArmed = null;
    if (tip) tip.style.display = "none";
  }

  function scheduleHide() {
    clearTimeout(hideTimer);
    hideTimer = setTimeout(hide, 250);
  }

  /* ---- events (delegated, so links added later work too) */

  document.addEventListener("pointerdown", function (ev) { lastPointer = ev.pointerType || "mouse"; }, true);

  document.addEventListener("mouseover", function (ev) {
    if (lastPointer === "touch") return;
    var link = linkFrom(ev.target), c = citationOf(link);
    if (!c) return;
    clearTimeout(showTimer);
    clearTimeout(hideTimer);
    if (current === link) return;
    showTimer = setTimeout(function () { show(link, c); }, 200);
  });

  document.addEventListener("mouseout", function (ev) {
    var link = linkFrom(ev.target);
    if (!link || (ev.relatedTarget && link.contains(ev.relatedTarget))) return;
    clearTimeout(showTimer);
    if (current === link) scheduleHide();
  });

  document.addEventListener("focusin", function (ev) {
    var link = linkFrom(ev.target), c = citationOf(link);
    if (c) show(link, c);
  });

  document.addEventListener("focusout", function (ev) {
    if (current && linkFrom(ev.target) === current) scheduleHide();
  });

  document.addEventListener("click", function (ev) {
    var link = linkFrom(ev.target);
    if (tip && tip.contains(ev.target)) return;  // the link inside the preview
    var c = citationOf(link);
    if (!c) { if (current && lastPointer === "touch") hide(); return; }
    if (lastPointer !== "touch") return;
    if (touchArmed === link) return;  // second tap: follow the link
    ev.preventDefault();
    touchArmed = link;
    show(link, c);
  }, true);

  document.addEventListener("keydown", function (ev) {
    if (ev.key === "Escape" && current) hide();
  });

  window.addEventListener("resize", function () { if (current) place(current); });

  window.SpelregelsEmbed = { base: base, preview: fetchPreview, hide: hide };
})();
