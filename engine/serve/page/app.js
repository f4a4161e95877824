// ask's page: the same JSON endpoints an agent uses (POST /ask, POST /search, GET /show,
// GET /status, GET /file/<id>), drawn as HTML. No library, nothing fetched from elsewhere.
// Text from the server is only ever set as textContent, never parsed as HTML.
"use strict";

const $ = (id) => document.getElementById(id);
let lastAction = null;  // retried once the token is given

function token() { return sessionStorage.getItem("ask-token") || ""; }

function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v; else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v); else e.setAttribute(k, v);
  }
  for (const k of kids) if (k != null) e.append(k);
  return e;
}

async function api(method, path, body) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token()) headers["Authorization"] = "Bearer " + token();
  const r = await fetch(path, {method, headers, body: body === undefined ? undefined : JSON.stringify(body)});
  if (r.status === 401) {
    $("token-form").hidden = false; $("token").focus();
    throw new Error("this server needs its access token");
  }
  const data = await r.json();
  if (!r.ok) throw new Error(data.error + (data.hint ? " (" + data.hint + ")" : ""));
  return data;
}

function views(which) {
  for (const v of ["result", "document", "status"]) $(v).hidden = v !== which;
}

async function run(action) {
  lastAction = action;
  $("busy").hidden = false;
  try { await action(); }
  catch (err) { views("result"); $("result").replaceChildren(el("p", {class: "error", role: "alert", text: String(err.message || err)})); }
  finally { $("busy").hidden = true; }
}

function pageOf(locator) {  // "p3:L7" -> 3 (a PDF page), else null
  const m = /^p(\d+):/.exec(locator || "");
  return m ? Number(m[1]) : null;
}

function fileLink(docId, path, locator) {
  const page = pageOf(locator);
  const href = "/file/" + encodeURIComponent(docId) + (page && /\.pdf$/i.test(path) ? "#page=" + page : "");
  const a = el("a", {href, class: "file-link", target: "_blank", rel: "noopener", text: "Open the original file"});
  a.addEventListener("click", async (ev) => {  // with a token a plain link cannot carry it
    if (!token()) return;
    ev.preventDefault();
    const r = await fetch("/file/" + encodeURIComponent(docId), {headers: {"Authorization": "Bearer " + token()}});
    if (!r.ok) return;
    const url = URL.createObjectURL(await r.blob());
    window.open(url + (href.includes("#") ? href.slice(href.indexOf("#")) : ""), "_blank", "noopener");
  });
  return a;
}

function quotedLine(ln) {
  return el("p", {class: "quote"},
            el("span", {class: "loc", text: ln.locator + (ln.ocr ? " (OCR)" : "")}),
            el("span", {class: "text", text: ln.text}));
}

function citationLine(c) {
  return "[" + c.doc_id + "] " + c.path + " " + c.locator +
         " (score " + c.score + ", coverage " + c.coverage + ")" +
         (c.date ? " — dated " + c.date.value + " (" + c.date.evidence + ")" : "");
}

// A link to the document view at a citation: the quoted lines highlighted and scrolled to,
// whatever the format (a PDF page's lines, a sheet's or CSV's rows, a text's lines). The
// address (#show=ID&at=LOCATOR) opens the same view when followed or reloaded.
function docLink(docId, path, locator) {
  const href = "#show=" + encodeURIComponent(docId) + "&at=" + encodeURIComponent(locator || "");
  return el("a", {href, class: "doc-link", text: path + " " + (locator || ""),
                  onclick: (ev) => { ev.preventDefault(); history.replaceState(null, "", href);
                                     run(() => showDocument(docId, locator)); }});
}

function openFromAddress() {
  const m = /^#show=([^&]*)&at=(.*)$/.exec(location.hash);
  if (m) run(() => showDocument(decodeURIComponent(m[1]), decodeURIComponent(m[2]) || null));
}

function refusalBlock(r) {
  const items = [];
  if (r.floor) items.push(el("li", {text: "floor: " + r.floor + (r.value != null ? " — score " + r.value + " is below " + r.threshold : "")}));
  if (r.unmatched && r.unmatched.length) items.push(el("li", {text: "words not found in the documents: " + r.unmatched.join(", ")}));
  for (const f of r.failed || []) items.push(el("li", {text: typeof f === "string" ? f : JSON.stringify(f)}));
  return el("div", {class: "refusal", role: "alert"},
            el("h2", {text: "No confident answer"}),
            el("p", {text: r.message}),
            el("p", {class: "hint", text: "reason: " + r.reason}),
            items.length ? el("ul", {}, ...items) : null);
}

function renderAnswer(a) {
  const out = [];
  if (a.answered) {
    if (a.versions) out.push(el("p", {class: "versions", role: "note", text: "versions: " + a.versions.note}));
    for (const c of a.citations) {
      out.push(el("article", {class: "citation"},
        ...c.lines.map(quotedLine),
        el("p", {class: "cite-line", text: citationLine(c)}),
        el("p", {class: "doc-line"}, "in the document: ", docLink(c.doc_id, c.path, c.locator)),
        el("p", {},
           el("button", {class: "link open-doc", type: "button", text: "Show in the document",
                         onclick: () => run(() => showDocument(c.doc_id, c.locator))}),
           " · ", fileLink(c.doc_id, c.path, c.locator))));
    }
  } else if (a.refusal) {
    out.push(refusalBlock(a.refusal));
  }
  out.push(el("p", {class: "method", text: "method: " + a.method}));
  for (const n of a.notes || []) out.push(el("p", {class: "notes", text: "note: " + n}));
  views("result");
  $("result").replaceChildren(...out);
}

function renderSearch(s) {
  const out = [el("p", {class: "method", text: "arms: " + s.arms.join(", ") + " · fusion: " + s.fusion + " · " + s.method})];
  for (const h of s.hits) {
    const arms = Object.entries(h.arms).map(([k, v]) => k + " " + v.norm + " (#" + v.rank + ")").join(" · ");
    out.push(el("article", {class: "citation hit"},
      el("p", {class: "cite-line", text: "#" + h.rank + " [" + h.doc_id + "] " + h.path + " " + h.locator + " (score " + h.score + ")"}),
      h.line ? quotedLine(h.line) : el("p", {class: "hint", text: "(no line to show)"}),
      el("p", {class: "arms", text: arms}),
      el("button", {class: "link open-doc", type: "button", text: "Show in the document",
                    onclick: () => run(() => showDocument(h.doc_id, h.line ? h.line.locator : h.locator))})));
  }
  if (!s.hits.length) out.push(el("p", {text: "No passage matches."}));
  for (const n of s.notes || []) out.push(el("p", {class: "notes", text: "note: " + n}));
  views("result");
  $("result").replaceChildren(...out);
}

async function showDocument(docId, locator) {
  const q = "?id=" + encodeURIComponent(docId) + (locator ? "&locator=" + encodeURIComponent(locator) : "");
  const d = await api("GET", "/show" + q);
  const items = d.lines.map((ln) => {
    const text = ln.cited ? el("mark", {text: ln.text}) : el("span", {text: ln.text});
    return el("li", {class: ln.cited ? "cited" : ""},
              el("span", {class: "loc", text: ln.locator + (ln.ocr ? " (OCR)" : "")}), text);
  });
  if (d.header) {  // a sheet's or CSV's row, under its header row
    items.unshift(el("li", {class: "header-row"},
                     el("span", {class: "loc", text: d.header.locator}), el("strong", {text: d.header.text})),
                  el("li", {class: "gap", "aria-hidden": "true"}, el("span", {class: "loc", text: "⋮"}), el("span", {})));
  }
  views("document");
  $("document").replaceChildren(
    el("h2", {text: d.path}),
    el("p", {class: "hint", text: "document " + d.doc_id + (locator ? " · " + locator : "")}),
    el("ol", {class: "doc-lines"}, ...items),
    el("p", {}, fileLink(d.doc_id, d.path, locator), " · ",
       el("button", {class: "link", type: "button", text: "Back to the answer", onclick: () => views("result")})));
  const first = $("document").querySelector("li.cited");
  if (first) first.scrollIntoView({block: "center"});
}

async function showStatus() {
  const s = await api("GET", "/status");
  const rows = Object.entries(s.types || {}).map(([k, t]) =>
    el("tr", {}, el("td", {text: k}), el("td", {text: String(t.documents)}), el("td", {text: String(t.lines)}), el("td", {text: String(t.passages)})));
  const failed = (s.failed || []).map((f) => el("li", {}, el("strong", {text: f.path}), ": " + f.reason + (f.fix ? " — fix: " + f.fix : "")));
  const e = s.embedding || {};
  const share = s.passages ? Math.round(100 * s.passages_with_vectors / s.passages) : 0;
  views("status");
  $("status").replaceChildren(...[
    el("h2", {text: "Status"}),
    el("p", {text: "documents folder: " + s.docs}),
    el("table", {}, el("thead", {}, el("tr", {}, ...["type", "documents", "lines", "passages"].map((h) => el("th", {scope: "col", text: h})))),
       el("tbody", {}, ...rows)),
    el("p", {text: "passages with vectors: " + s.passages_with_vectors + " of " + s.passages + " (" + share + "%), model: " + (s.model || "none") +
                   (e.state ? " · embedding: " + e.state : "")}),
    s.ocr_pages ? el("p", {text: "pages read by OCR: " + s.ocr_pages}) : null,
    s.excluded_files ? el("h3", {text: "Excluded (" + s.excluded_files + (s.excluded_files === 1 ? " file)" : " files)")}) : null,
    s.excluded_files ? el("ul", {}, ...s.excluded.map((x) => el("li", {text: x.rule + ": " + x.files}))) : null,
    el("h3", {text: "Failed (" + failed.length + ")"}),
    failed.length ? el("ul", {}, ...failed) : el("p", {text: "none"})].filter((e) => e != null));
}

document.addEventListener("DOMContentLoaded", () => {
  $("ask-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const question = $("question").value.trim();
    if (!question) return;
    const mode = document.querySelector("input[name=mode]:checked").value;
    run(mode === "search" ? async () => renderSearch(await api("POST", "/search", {question}))
                          : async () => renderAnswer(await api("POST", "/ask", {question})));
  });
  $("token-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    sessionStorage.setItem("ask-token", $("token").value);
    $("token").value = "";
    $("token-form").hidden = true;
    if (lastAction) run(lastAction);
  });
  $("show-status").addEventListener("click", (ev) => { ev.preventDefault(); run(showStatus); });
  $("home").addEventListener("click", (ev) => { ev.preventDefault(); views("result"); $("question").focus(); });
  $("question").focus();
  window.addEventListener("hashchange", openFromAddress);
  openFromAddress();
});
