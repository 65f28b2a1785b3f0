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

  var MARKS = ["want", "read", "skip", "later"];
  var chosen = "want";
  var byFingerprint = {};
  data.papers.forEach(function (p) { byFingerprint[p.fingerprint] = p; });

  // What the selection asks of paperlist, as text a shell runs as it is: the ids a collection's report shows, or
  // over PATHs the snippets' fingerprints (which mark takes once their lists are added).
  function command() {
    var refs = Array.from(checked).filter(function (f) { return byFingerprint[f]; }).sort(function (a, b) {
      return byFingerprint[a].rank - byFingerprint[b].rank;
    }).map(function (f) { return data.collection ? byFingerprint[f].number : f; });
    return "paperlist mark " + chosen + " " + refs.join(" ");
  }

  function save() {
    try { localStorage.setItem(key, JSON.stringify(Array.from(checked))); } catch (e) { /* storage may be off */ }
    var n = Array.from(checked).filter(function (f) { return byFingerprint[f]; }).length;
    document.getElementById("checked-count").textContent = String(n);
    document.getElementById("selection").classList.toggle("hidden", n === 0);
    document.getElementById("command").textContent = command();
    document.getElementById("copy").textContent = "Copy";
    document.getElementById("command-note").textContent = data.collection
      ? "Run it where the collection is (or add --db FILE)."
      : "These are the papers' fingerprints: mark takes them once their lists are in your collection (paperlist add).";
  }

  function words(text, parent, p) {
    var query = state.query.toLowerCase();
    var kinds = {};
    (p ? p.why : []).forEach(function (t) { t.toLowerCase().split(" ").forEach(function (w) { kinds[w] = "for"; }); });
    (p ? p.against : []).forEach(function (t) {
      t.toLowerCase().split(" ").forEach(function (w) { if (!kinds[w]) kinds[w] = "against"; });
    });
    text.split(/(\s+)/).forEach(function (part) {
      var bare = part.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
      var found = bare && (focus.has(bare) || (query && part.toLowerCase().indexOf(query) >= 0));
      if (found || (bare && kinds[bare])) {
        var m = document.createElement("mark");
        if (!found) {
          m.className = kinds[bare];
          m.title = kinds[bare] === "against" ? "like the papers you skipped"
            : data.learned ? "like the papers you want or read" : "in the seed titles of its lists";
        }
        m.textContent = part;
        parent.appendChild(m);
      } else {
        parent.appendChild(document.createTextNode(part));
      }
    });
  }

  function add(parent, tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    parent.appendChild(e);
    return e;
  }

  function entry(p) {
    var li = document.createElement("li");
    li.className = "paper";
    li.dataset.fingerprint = p.fingerprint;
    var pick = add(li, "label", "pick");
    pick.title = "select " + p.number + " for a command";
    var box = add(pick, "input");
    box.type = "checkbox";
    box.checked = checked.has(p.fingerprint);
    box.setAttribute("aria-label", "select " + p.number);
    box.addEventListener("change", function () {
      if (box.checked) { checked.add(p.fingerprint); } else { checked.delete(p.fingerprint); }
      save();
    });
    add(pick, "span", "rank", p.number);
    var body = add(li, "div", "body");
    if (p.mark) add(body, "span", "decision " + p.mark, "marked " + p.mark);
    if (p.title) {
      var title = add(body, "a", "title");
      words(p.title + (p.year ? " (" + p.year + ")" : ""), title, p);
      title.href = p.url || p.search;
      title.rel = "noopener noreferrer";
    }
    if (p.byline) add(body, "div", "byline", p.byline);
    if (p.abstract) words(p.text, add(body, "div", "text"), p);
    if (p.why.length) add(body, "div", "why", "why here: " + p.why.join(", "));
    if (p.against.length) add(body, "div", "why against", "against it: " + p.against.join(", "));
    var line = add(body, "div", "line");
    if (!p.title) {
      var look = add(line, "a", "lookup", "look it up");
      look.href = p.search;
      look.rel = "noopener noreferrer";
      line.appendChild(document.createTextNode(" "));
    }
    var meta = add(line, "details", "meta");
    add(meta, "summary", "", "in " + p.lists.length + (p.lists.length === 1 ? " list" : " lists"));
    add(meta, "div", "", p.lists.join("; ") + " · at: " + p.places.join(", "));
    p.tags.forEach(function (t) { add(line, "span", "tag", t); });
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
  // A cell carries only its number (a hundred lists make ten thousand cells): its lists are its row's and
  // column's headers, named on hover and on a tap.
  var heatmap = document.getElementById("heatmap");
  function pair(cell) {
    var row = cell.parentElement.querySelector("th");
    var column = heatmap.querySelectorAll("thead th")[cell.cellIndex];
    var n = Number(cell.textContent);
    return "#" + row.textContent + " " + row.title + " × #" + column.textContent + " " + column.title + ": " + n +
      (n === 1 ? " shared paper" : " shared papers");
  }
  if (heatmap) {
    heatmap.addEventListener("mouseover", function (e) {
      if (e.target.classList && e.target.classList.contains("cell") && !e.target.title) e.target.title = pair(e.target);
    });
    heatmap.addEventListener("click", function (e) {
      if (e.target.classList && e.target.classList.contains("cell")) heatNote.textContent = pair(e.target);
    });
  }

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
  var marks = document.getElementById("marks");
  MARKS.forEach(function (mark) {
    var b = add(marks, "button", mark === chosen ? "on" : "", mark);
    b.type = "button";
    b.dataset.mark = mark;
    b.addEventListener("click", function () {
      chosen = mark;
      marks.querySelectorAll("button").forEach(function (o) { o.classList.toggle("on", o === b); });
      save();
    });
    marks.appendChild(document.createTextNode(" "));
  });
  document.getElementById("copy").addEventListener("click", function () {
    var text = document.getElementById("command").textContent;
    var done = function () { document.getElementById("copy").textContent = "Copied"; };
    var select = function () {
      var range = document.createRange();
      range.selectNodeContents(document.getElementById("command"));
      getSelection().removeAllRanges();
      getSelection().addRange(range);
      document.getElementById("copy").textContent = "Selected: press Ctrl+C";
    };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(done, select);
    } else {
      select();
    }
  });
  document.getElementById("unselect").addEventListener("click", function () {
    checked.clear();
    save();
    render();
  });
  document.querySelectorAll(".js-only").forEach(function (el) { el.classList.remove("hidden"); });
  // report.html#search=words and #tag=name open the reading list filtered (links people can share).
  var wanted = new URLSearchParams(location.hash.slice(1));
  if (wanted.get("search")) { state.query = wanted.get("search"); search.value = state.query; }
  if (wanted.get("tag")) { state.tag = wanted.get("tag"); }
  save();
  render();
}());
