/* /uitspraak: live rendering of a ruling through POST /api/v1/linkify, and the copy buttons.
   The page works without this script (the form posts to the server); this only makes it immediate. */
(function () {
  "use strict";
  var form = document.getElementById("uitspraak-form");
  if (!form || !window.fetch) return;
  var textarea = document.getElementById("tekst");
  var status = document.getElementById("uitspraak-status");
  var result = document.getElementById("uitspraak-resultaat");
  var rendered = document.getElementById("uitspraak-html");
  var cited = document.getElementById("uitspraak-aangehaald");
  var missingBox = document.getElementById("uitspraak-ontbreekt");
  var missingList = document.getElementById("uitspraak-ontbreekt-lijst");
  var copyHtml = document.getElementById("kopie-html");
  var copyMarkdown = document.getElementById("kopie-markdown");
  var api = form.getAttribute("data-api");
  var maxBytes = parseInt(form.getAttribute("data-max-bytes"), 10) || 262144;
  var DRAFT = "spelregels.uitspraak.concept";
  var timer = null, seq = 0;

  function say(message, isError) {
    status.textContent = message;
    status.classList.toggle("error", !!isError);
  }

  function options() {
    var fmt = form.querySelector("input[name=formaat]:checked");
    return {
      text: textarea.value,
      edition: form.querySelector("select[name=editie]").value,
      format: fmt ? fmt.value : "markdown",
      absolute: true,
      cited: true
    };
  }

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text) node.textContent = text;
    return node;
  }

  function show(data) {
    // data.html is sanitized on the server (nh3): only text markup and http(s)/mailto/relative links.
    rendered.innerHTML = data.html;
    copyHtml.value = data.html;
    copyMarkdown.value = data.markdown;
    cited.textContent = "";
    (data.cited || []).forEach(function (c) {
      var li = el("li");
      var h = el("h3");
      var a = el("a", null, c.label);
      a.href = c.path;
      h.appendChild(a);
      li.appendChild(h);
      if (c.title) li.appendChild(el("p", "cited-title", c.title));
      if (c.text) li.appendChild(el("p", "cited-text", c.text));
      if (c.note) li.appendChild(el("p", "cited-note", c.note));
      if (c.other_editions && c.other_editions.length) {
        var p = el("p", "cited-elsewhere", "Wel in ");
        c.other_editions.forEach(function (o, i) {
          var link = el("a", null, o.label);
          link.href = o.path;
          if (i) p.appendChild(document.createTextNode(", "));
          p.appendChild(link);
        });
        p.appendChild(document.createTextNode("."));
        li.appendChild(p);
      }
      cited.appendChild(li);
    });
    missingList.textContent = "";
    var seen = {};
    data.refs.forEach(function (r) {
      var key = r.edition + ":" + r.cite;
      if (r.article_found || seen[key]) return;
      seen[key] = true;
      missingList.appendChild(el("li", null, r.label));
    });
    missingBox.hidden = !missingList.children.length;
    result.hidden = !textarea.value.trim();
    var n = data.refs.length;
    say(n === 1 ? "1 verwijzing gevonden." : n + " verwijzingen gevonden.");
  }

  function render() {
    var opts = options();
    try { localStorage.setItem(DRAFT, opts.text); } catch (e) { /* private mode */ }
    if (!opts.text.trim()) {
      result.hidden = true;
      say("");
      return;
    }
    if (new Blob([opts.text]).size > maxBytes) {
      say("De tekst is te groot (hoogstens " + Math.floor(maxBytes / 1024) + " KB).", true);
      return;
    }
    var mine = ++seq;
    fetch(api, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(opts)
    }).then(function (resp) {
      return resp.json().then(function (data) { return { ok: resp.ok, data: data }; });
    }).then(function (r) {
      if (mine !== seq) return;  // a newer request is under way
      if (!r.ok) { say(r.data.error || "Er ging iets mis.", true); return; }
      show(r.data);
    }).catch(function () {
      if (mine === seq) say("Geen verbinding met de server; probeer het opnieuw.", true);
    });
  }

  function later() {
    clearTimeout(timer);
    timer = setTimeout(render, 300);
  }

  form.addEventListener("submit", function (ev) { ev.preventDefault(); clearTimeout(timer); render(); });
  textarea.addEventListener("input", later);
  form.addEventListener("change", later);

  if (!textarea.value) {
    try {
      var draft = localStorage.getItem(DRAFT);
      if (draft) { textarea.value = draft; render(); }
    } catch (e) { /* private mode */ }
  }

  function copied(button, ok) {
    var label = button.getAttribute("data-label") || button.textContent;
    button.setAttribute("data-label", label);
    button.textContent = ok ? "Gekopieerd" : "Kopiëren mislukt; selecteer de tekst hieronder";
    setTimeout(function () { button.textContent = label; }, 2000);
    say(ok ? "Gekopieerd naar het klembord." : "Kopiëren is niet gelukt.", !ok);
  }

  function fallbackCopy(source) {
    var details = source.closest("details");
    if (details) details.open = true;
    source.focus();
    source.select();
    try { return document.execCommand("copy"); } catch (e) { return false; }
  }

  Array.prototype.forEach.call(document.querySelectorAll("button.copy"), function (button) {
    button.hidden = false;
    button.addEventListener("click", function () {
      var source = document.getElementById(button.getAttribute("data-copy"));
      var value = source.value;
      var clip = navigator.clipboard;
      if (!clip) { copied(button, fallbackCopy(source)); return; }
      var done;
      if (button.getAttribute("data-kind") === "html" && window.ClipboardItem && clip.write) {
        // As rich text (pastes as links in a word processor or mail) and as the HTML source.
        done = clip.write([new ClipboardItem({
          "text/html": new Blob([value], { type: "text/html" }),
          "text/plain": new Blob([value], { type: "text/plain" })
        })]);
      } else {
        done = clip.writeText(value);
      }
      done.then(function () { copied(button, true); }, function () { copied(button, fallbackCopy(source)); });
    });
  });
})();
