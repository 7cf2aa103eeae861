/* Spelregels offline lookup: what search can do without a connection, from /offline/lookup.json.
   Used by the offline page (static/offline.js) and by the service worker (importScripts), which answers
   /api/v1/suggest with it when the network fails.
   - fold: lowercase without diacritics, suit symbols as words, stopwords dropped (as indexer/analysis.py)
   - stems: the build's own table word -> stem (every word of the build whose stem occurs in an entry); a word
     not in the table matches entry words that start with it (no Snowball stemmer here, no compound splitting,
     no search glossary: web/offline_data.py says so too)
   - parseCitation, splitEdition: the grammar of kb/citations.parse_citation ("27B2", "art. 27 lid B sub 2",
     "Law 16B1(a)", "45.C.4", "arikel 45") and split_edition ("artikel 28 (1987)") */
(function (root) {
  "use strict";

  var SUITS = { "♠": "schoppen", "♥": "harten", "♦": "ruiten", "♣": "klaveren",
                "♤": "schoppen", "♡": "harten", "♢": "ruiten", "♧": "klaveren" };
  var WORD = /[\p{L}\p{N}]+|[♠♥♦♣♤♡♢♧]/gu;
  var KIND_ORDER = { citation: -1, keyword: 0, title: 1, definition: 2 };
  var PREFIX = "(?:artikel(?:en|s)?|wetsartikel|article|art(?:s|ikel)?\\.?|laws?|l\\.?|spelregels?|regel|wet)";
  var GAP = "[\\s.,\\-]*";
  var LOOSE = new RegExp("^\\s*(?:" + PREFIX + "\\s*(?::\\s*|(?:nr|no|nummer)\\.?\\s*)?)?(\\d{1,3}|bijlage|appendix)" + GAP +
    "(?:(?:(?:lid|sub|onder|paragraaf)\\s*)?([A-Za-z])(?![A-Za-z])\\.?" + GAP + ")?" +
    "(?:(?:sub\\s*)?(\\d{1,2})\\.?" + GAP + ")?" +
    "(?:\\(\\s*([a-z])\\s*\\)|([a-z])(?![a-z])\\)?)?" + GAP +
    "(?:\\(\\s*(\\d{1,2})\\s*\\)|(\\d{1,2})\\)?)?\\s*$", "i");
  var TYPED_PREFIX = /^\s*([A-Za-z]{5,9})\s*(?=\d)/;
  var EDITION_AFTER = /[\s,]*\(?\s*(?:(?:uit|van|in|volgens)\s+)?(?:de\s+)?(?:(?:spelregels|laws|editie|versie)\s+)?(?:(?:van|uit)\s+)?((?:19|20)\d\d)\s*\)?\s*$/i;
  var EDITION_BEFORE = /^\s*\(?((?:19|20)\d\d)\)?[\s:,]+/i;

  var COMBINING = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g;

  function fold(s) {
    return String(s || "").toLowerCase().normalize("NFKD").replace(COMBINING, "");
  }

  function words(s) {
    return (String(s || "").match(WORD) || []).map(function (w) { return SUITS[w] || fold(w); });
  }

  /* Edit distance, two swapped neighbours counting as one edit (optimal string alignment, as kb/text.distance). */
  function edits(a, b) {
    var rows = [[]];
    for (var j = 0; j <= b.length; j++) { rows[0].push(j); }
    for (var i = 1; i <= a.length; i++) {
      var row = [i];
      for (j = 1; j <= b.length; j++) {
        row.push(Math.min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + (a[i - 1] !== b[j - 1] ? 1 : 0)));
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
          row[j] = Math.min(row[j], rows[i - 2][j - 2] + 1);
        }
      }
      rows.push(row);
    }
    return rows[a.length][b.length];
  }

  /* A mistyped 'artikel' before the number ('arikel 45') as 'artikel' (kb/citations._typed_prefix). */
  function typedPrefix(text) {
    var m = TYPED_PREFIX.exec(text);
    if (m && m[1][0].toLowerCase() === "a" && edits(m[1].toLowerCase(), "artikel") <= 2) {
      return "artikel " + text.slice(m[0].length);
    }
    return text;
  }

  var PAIRS = { "(": ")", "[": "]", '"': '"', "'": "'", "\u201c": "\u201d", "\u2018": "\u2019", "\u00ab": "\u00bb" };
  var LAWS_AFTER = /[\s,]+(?:van|uit|in)\s+de\s+(?:spelregels|laws)(?:\s+voor\s+wedstrijdbridge)?\s*$/i;

  /* A typed citation without brackets or quotes around it, '?' after it, 'van de spelregels' (kb/citations._unwrapped). */
  function unwrapped(text) {
    var core = text.replace(/[?!]+$/, "").trim();
    if (core.length > 1 && PAIRS[core[0]] === core[core.length - 1]) { core = core.slice(1, -1).trim(); }
    return core.replace(LAWS_AFTER, "");
  }

  /* [citation text, year or null]: an edition named with a citation (kb/citations.split_edition). */
  function splitEdition(text) {
    text = String(text || "").trim();
    var candidates = [text];
    var core = unwrapped(text);
    if (core !== text) { candidates.push(core); }
    var patterns = [EDITION_AFTER, EDITION_BEFORE];
    for (var c = 0; c < candidates.length; c++) {
      var cand = candidates[c];
      for (var i = 0; i < patterns.length; i++) {
        var m = patterns[i].exec(cand);
        if (m) {
          var rest = cand.slice(0, m.index) + cand.slice(m.index + m[0].length);
          if (parseCitation(rest)) { return [rest.trim(), m[1]]; }
        }
      }
      if (cand !== text && parseCitation(cand)) { return [cand, null]; }
    }
    return [text, null];
  }

  function parseCitation(text) {
    if (!text || text.length > 80) { return null; }
    var m = LOOSE.exec(text) || LOOSE.exec(typedPrefix(text));
    if (!m) { return null; }
    var parts = [m[2], m[3], m[4] || m[5], m[6] || m[7]];
    var norms = [function (p) { return p.toUpperCase(); }, String, function (p) { return p.toLowerCase(); }, String];
    var path = [];
    for (var i = 0; i < parts.length; i++) {
      if (parts[i] === undefined) { break; }
      var p = norms[i](parts[i]);
      path.push(/^\d+$/.test(p) ? (p.replace(/^0+/, "") || "0") : p);
    }
    if (parts.filter(function (p) { return p !== undefined; }).length !== path.length) { return null; }
    var art = m[1].toLowerCase();
    var article = (art === "bijlage" || art === "appendix") ? "bijlage" : String(parseInt(art, 10));
    return { article: article, path: path, id: article + path.join("") };
  }

  /* The page of a citation: the edition asked when it has the article, else the one the build chose. */
  function citationUrl(lookup, text, edition) {
    var split = splitEdition(String(text || "").trim());
    if (split[1]) { edition = split[1]; }
    var c = parseCitation(split[0]);
    var a = c && lookup.articles[c.article];
    if (!a) { return null; }
    var ed = edition && a["in"].indexOf(edition) >= 0 ? edition : a.go;
    if (!ed) { return null; }
    return { url: (lookup.root || "") + "/" + ed + "/artikel/" + c.article + (c.path.length ? "#" + c.id : ""), edition: ed, citation: c };
  }

  function prepare(lookup) {
    if (lookup.prepared) { return lookup; }
    lookup.stop = {};
    lookup.stopwords.forEach(function (w) { lookup.stop[w] = true; });
    lookup.entries.forEach(function (e) {
      e.folded = words(e.label).join(" ");
      e.wordList = e.folded.split(" ");
      e.stemSet = {};
      e.stems.forEach(function (s) { e.stemSet[s] = true; });
    });
    lookup.prepared = true;
    return lookup;
  }

  function terms(lookup, q) {
    var out = [];
    words(q).forEach(function (f) {
      if (!lookup.stop[f]) { out.push({ f: f, stem: lookup.stems[f] || f }); }
    });
    return out;
  }

  function matchTerm(e, t) {
    if (e.stemSet[t.stem]) { return 2; }
    for (var i = 0; i < e.wordList.length; i++) {
      if (e.wordList[i].indexOf(t.f) === 0) { return 1; }
    }
    return 0;
  }

  /* Entries whose every query word matches (a stem, else the start of a word), best first. */
  function search(lookup, q, limit) {
    prepare(lookup);
    var ts = terms(lookup, q), whole = words(q).join(" "), ranked = [];
    if (!ts.length) { return []; }
    lookup.entries.forEach(function (e, i) {
      var score = 0;
      for (var j = 0; j < ts.length; j++) {
        var s = matchTerm(e, ts[j]);
        if (!s) { return; }
        score += s;
      }
      if (e.folded.indexOf(whole) === 0) { score += 3; }
      ranked.push([-score, KIND_ORDER[e.kind], e.folded.length, i]);
    });
    ranked.sort(function (a, b) { return a[0] - b[0] || a[1] - b[1] || a[2] - b[2] || a[3] - b[3]; });
    return ranked.slice(0, limit || 20).map(function (r) { return lookup.entries[r[3]]; });
  }

  /* The answer of GET /api/v1/suggest, made offline. */
  function suggest(lookup, q, limit) {
    var out = [];
    var cited = citationUrl(lookup, q);
    if (cited) {
      out.push({ label: "artikel " + cited.citation.id + " (" + cited.edition + ")", kind: "citation",
                 url: cited.url, article: cited.citation.article });
    }
    search(lookup, q, limit || 8).forEach(function (e) {
      out.push({ label: e.label, kind: e.kind, url: e.url, article: e.article });
    });
    return { query: q, suggestions: out.slice(0, limit || 8), offline: true };
  }

  root.KBLookup = { fold: fold, words: words, parseCitation: parseCitation, splitEdition: splitEdition, citationUrl: citationUrl,
                    search: search, suggest: suggest };
}(typeof self !== "undefined" ? self : this));
