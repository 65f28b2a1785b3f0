"use strict";
(function () {
  var data = JSON.parse(document.getElementById("report-data").textContent);
  var PAGE = 100;
  var list = document.getElementById("reading");
  var search = document.getElementById("search");
  var status = document.getElementById("reading-status");
  var pager = document.getElementById("pager");
  var key = "paperlist:" + data.id;
  var checked = new Set();
  try { checked = new Set(JSON.parse(localStorage.getItem(key) || "[]")); } catch (e) { checked = new Set(); }
  var state = { tag: null, query: "", page: 0 };
  var focus = new Set(data.focusWords);

  function save() {
    try { localStorage.setItem(key, JSON.stringify(Array.from(checked))); } catch (e) { /* storage may be off */ }
    document.getElementById("checked-count").textContent = String(checked.size);
  }

  function words(text, parent) {
    var query = state.query.toLowerCase();
    text.split(/(\s+)/).forEach(function (part) {
      var bare = part.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
      if (bare && (focus.has(bare) || (query && part.toLowerCase().indexOf(query) >= 0))) {
        var m = document.createElement("mark");
        m.textContent = part;
        parent.appendChild(m);
      } else {
        parent.appendChild(document.createTextNode(part));
      }
    });
  }

  function entry(p) {
    var li = document.createElement("li");
    li.className = "paper";
    li.dataset.fingerprint = p.fingerprint;
    var box = document.createElement("input");
    box.type = "checkbox";
    box.checked = checked.has(p.fingerprint);
    box.setAttribute("aria-label", "read");
    box.addEventListener("change", function () {
      if (box.checked) { checked.add(p.fingerprint); } else { checked.delete(p.fingerprint); }
      save();
    });
    var rank = document.createElement("span");
    rank.className = "rank";
    rank.textContent = p.number;
    var body = document.createElement("div");
    body.className = "body";
    if (p.title) {
      var title = document.createElement(p.url ? "a" : "div");
      title.className = "title";
      words(p.title + (p.year ? " (" + p.year + ")" : ""), title);
      if (p.url) { title.href = p.url; title.rel = "noopener noreferrer"; }
      body.appendChild(title);
      if (p.url) { body.appendChild(document.createElement("br")); }
    }
    if (p.byline) {
      var by = document.createElement("div");
      by.className = "byline";
      by.textContent = p.byline;
      body.appendChild(by);
    }
    if (p.abstract) {
      var text = document.createElement("div");
      words(p.text, text);
      body.appendChild(text);
    }
    if (p.why.length) {
      var why = document.createElement("div");
      why.className = "why";
      why.textContent = "why here: " + p.why.join(", ");
      body.appendChild(why);
    }
    var meta = document.createElement("details");
    meta.className = "meta";
    var summary = document.createElement("summary");
    summary.textContent = "in " + p.lists.length + (p.lists.length === 1 ? " list" : " lists");
    meta.appendChild(summary);
    var where = document.createElement("div");
    where.textContent = p.lists.join("; ") + " · at: " + p.places.join(", ");
    meta.appendChild(where);
    body.appendChild(meta);
    if (p.mark) {
      var m = document.createElement("span");
      m.className = "tag mark";
      m.textContent = "marked " + p.mark;
      body.appendChild(m);
    }
    p.tags.forEach(function (t) {
      var s = document.createElement("span");
      s.className = "tag";
      s.textContent = t;
      body.appendChild(s);
    });
    li.appendChild(box);
    li.appendChild(rank);
    li.appendChild(body);
    return li;
  }

  function visible() {
    var q = state.query.toLowerCase();
    return data.papers.filter(function (p) {
      if (state.tag && p.tags.indexOf(state.tag) < 0) { return false; }
      if (!q) { return true; }
      return (p.text + " " + (p.title || "") + " " + p.lists.join(" ") + " " + p.tags.join(" ")).toLowerCase().indexOf(q) >= 0;
    });
  }

  function render() {
    var shown = visible();
    var pages = Math.max(1, Math.ceil(shown.length / PAGE));
    state.page = Math.min(state.page, pages - 1);
    list.textContent = "";
    shown.slice(state.page * PAGE, (state.page + 1) * PAGE).forEach(function (p) { list.appendChild(entry(p)); });
    status.textContent = shown.length + " of " + data.papers.length + " papers" +
      (state.tag ? " tagged " + state.tag : "") + (state.query ? " matching “" + state.query + "”" : "");
    pager.classList.toggle("hidden", pages < 2);
    document.getElementById("page").textContent = "page " + (state.page + 1) + " of " + pages;
    document.querySelectorAll(".bar").forEach(function (bar) {
      bar.classList.toggle("on", bar.dataset.tag === state.tag);
    });
    document.getElementById("static-note").classList.add("hidden");
  }

  // A tap (or click) on a heatmap cell names its two lists below the grid: touch screens have no hover.
  var heatNote = document.getElementById("heatmap-note");
  document.querySelectorAll("#heatmap .cell").forEach(function (cell) {
    cell.addEventListener("click", function () {
      heatNote.textContent = cell.querySelector("title").textContent;
    });
  });

  search.addEventListener("input", function () { state.query = search.value.trim(); state.page = 0; render(); });
  document.querySelectorAll(".bar, .bar-label").forEach(function (bar) {
    bar.addEventListener("click", function () {
      state.tag = state.tag === bar.dataset.tag ? null : bar.dataset.tag;
      state.page = 0;
      render();
      document.getElementById("reading-section").scrollIntoView();
    });
  });
  document.getElementById("clear-filter").addEventListener("click", function () {
    state.tag = null; state.query = ""; search.value = ""; render();
  });
  document.getElementById("prev").addEventListener("click", function () { state.page = Math.max(0, state.page - 1); render(); });
  document.getElementById("next").addEventListener("click", function () { state.page += 1; render(); });
  document.getElementById("export").addEventListener("click", function () {
    var out = document.getElementById("export-out");
    out.value = Array.from(checked).sort().join("\n");
    out.classList.remove("hidden");
    out.select();
  });
  document.querySelectorAll(".js-only").forEach(function (el) { el.classList.remove("hidden"); });
  // report.html#search=words and #tag=name open the reading list filtered (links people can share).
  var wanted = new URLSearchParams(location.hash.slice(1));
  if (wanted.get("search")) { state.query = wanted.get("search"); search.value = state.query; }
  if (wanted.get("tag")) { state.tag = wanted.get("tag"); }
  save();
  render();
}());
