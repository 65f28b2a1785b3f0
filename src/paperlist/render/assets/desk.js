// The triage page: one paper at a time, a key a decision. Text from input files is only ever set with
// textContent. Requests go one after another (a queue), so decisions reach the collection in the order made,
// and each decision names the paper shown when its key was pressed.
"use strict";
(function () {
  var config = JSON.parse(document.getElementById("config").textContent);
  var token = config.token;
  var byKey = {};
  Object.keys(config.keys).forEach(function (action) {
    config.keys[action].forEach(function (key) { byKey[key] = action; });
  });
  var store = window.sessionStorage;
  function saved(name, fallback) {
    try { var v = JSON.parse(store.getItem("paperlist." + name)); return v === null ? fallback : v; }
    catch (e) { return fallback; }
  }
  function save(name, value) { try { store.setItem("paperlist." + name, JSON.stringify(value)); } catch (e) { /* full */ } }

  var shown = null;          // the card on screen
  var ready = [];            // the next cards the server sent, best first
  var trail = saved("trail", []);    // ids shown before, for previous
  var passed = saved("passed", []);  // ids passed over for now (next)
  var mine = saved("mine", []);      // this tab's decisions, newest last, for undo
  var view = "paper";
  var queue = Promise.resolve();
  var busy = 0;
  // What this tab did, for whoever watches (the browser tests): each operation and how it ended.
  var done = window.paperlistLog = [];

  function $(id) { return document.getElementById(id); }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function say(text, bad) { var s = $("status"); s.textContent = text; s.className = "status" + (bad ? " bad" : ""); }

  function request(method, path, body) {
    var options = { method: method, headers: { "X-Paperlist-Token": token }, credentials: "same-origin" };
    if (body) { options.headers["Content-Type"] = "application/json"; options.body = JSON.stringify(body); }
    return fetch(path, options).then(function (r) {
      return r.json().then(function (data) {
        if (!r.ok) { var e = new Error(data.error || ("HTTP " + r.status)); e.status = r.status; throw e; }
        return data;
      });
    });
  }
  function later(job) {
    busy++;
    document.body.dataset.busy = String(busy);
    queue = queue.then(job).catch(function (e) { say(e.message, true); }).then(function () {
      busy--;
      document.body.dataset.busy = String(busy);
    });
    return queue;
  }

  // -- the paper view ---------------------------------------------------------------------------------------
  function highlight(text, forTerms, againstTerms) {
    var terms = [];
    forTerms.forEach(function (t) { terms.push([t, "for"]); });
    againstTerms.forEach(function (t) { terms.push([t, "against"]); });
    var out = document.createDocumentFragment();
    if (!terms.length) { out.appendChild(document.createTextNode(text)); return out; }
    terms.sort(function (a, b) { return b[0].length - a[0].length; });
    var kinds = {};
    var parts = terms.map(function (t) {
      kinds[t[0].toLowerCase()] = t[1];
      return t[0].replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\W+");
    });
    var pattern = new RegExp("\\b(" + parts.join("|") + ")\\b", "gi");
    var last = 0, m;
    while ((m = pattern.exec(text)) !== null) {
      out.appendChild(document.createTextNode(text.slice(last, m.index)));
      var kind = kinds[m[0].toLowerCase().replace(/\W+/g, " ")] || "for";
      var mark = el("mark", kind, m[0]);
      mark.title = kind === "for" ? "like the papers you want or read" : "like the papers you skipped";
      out.appendChild(mark);
      last = m.index + m[0].length;
    }
    out.appendChild(document.createTextNode(text.slice(last)));
    return out;
  }

  function showCard(card) {
    shown = card;
    var box = $("paper");
    box.textContent = "";
    if (!card) {
      delete box.dataset.paper;
      var end = el("div", "empty");
      end.appendChild(el("p", "title", passed.length ? "Nothing left to decide but the papers you passed over."
                                                       : "Nothing left to decide."));
      end.appendChild(el("p", "muted", "The papers you want: export them above, or 'paperlist triage --db' in a " +
                                       "terminal lists them first."));
      if (passed.length) {
        var again = el("button", "", "Go over the " + passed.length + " passed papers again");
        again.type = "button";
        again.addEventListener("click", function () { passed = []; save("passed", passed); later(refresh); });
        end.appendChild(again);
      }
      box.appendChild(end);
      return;
    }
    box.dataset.paper = card.id;
    var head = el("p", "card-head");
    head.appendChild(el("span", "pid", card.id));
    if (card.mark) head.appendChild(el("span", "decision " + card.mark, "marked " + card.mark));
    box.appendChild(head);
    function outside(content, href) {
      var a = el("a", "");
      a.appendChild(typeof content === "string" ? document.createTextNode(content) : content);
      a.href = href;
      a.rel = "noreferrer noopener";
      a.target = "_blank";
      return a;
    }
    if (card.title) {
      // A record read by its title alone: its title is its text, shown once, with the words the ranking weighed.
      var words = card.abstract ? document.createTextNode(card.title)
                                : highlight(card.title, card.why || [], card.against || []);
      var title = el("h2", "title");
      title.appendChild(card.link ? outside(words, card.link) : words);
      box.appendChild(title);
    }
    var by = [card.authors, card.venue, card.year].filter(Boolean).join(" · ");
    if (by) box.appendChild(el("p", "byline", by));
    var look = el("p", "lookup");
    look.appendChild(card.link ? outside(card.doi ? "doi:" + card.doi : "the record's link", card.link)
                               : outside("look it up (a search for its " + (card.title ? "title" : "opening words") + ")",
                                         card.search));
    box.appendChild(look);
    if (card.abstract) {
      var text = el("p", "text");
      text.appendChild(highlight(card.text, card.why || [], card.against || []));
      box.appendChild(text);
    }
    if (card.why && card.why.length) box.appendChild(el("p", "why", "why here: " + card.why.join(", ")));
    if (card.against && card.against.length) box.appendChild(el("p", "why against", "against it: " + card.against.join(", ")));
    var meta = el("p", "meta", "in " + card.lists.join("; "));
    box.appendChild(meta);
    if (card.tags.length) {
      var tags = el("p", "meta");
      card.tags.forEach(function (t) { tags.appendChild(el("span", "tag", t)); });
      box.appendChild(tags);
    }
    if (card.copies.length) {
      var copies = el("details", "copies");
      copies.open = true;
      copies.appendChild(el("summary", "", card.copies.length + (card.copies.length === 1 ? " other copy" : " other copies")
                                           + " joined as this paper (words only in the copy in green, only above struck out)"));
      card.copies.forEach(function (c) {
        var row = el("div", "copy");
        row.appendChild(el("p", "meta", c.list + ":" + c.line + " · " + c.fingerprint));
        var text = el("p", "copy-text");
        (c.diff || [["=", c.text]]).forEach(function (part, n) {
          if (n) text.appendChild(document.createTextNode(" "));
          var tag = { "-": "del", "+": "ins" }[part[0]];
          text.appendChild(tag ? el(tag, "", part[1]) : document.createTextNode(part[1]));
        });
        row.appendChild(text);
        var split = el("button", "not-same", "Not the same paper");
        split.type = "button";
        split.title = "paperlist not-same " + card.fingerprint + " " + c.fingerprint;
        split.addEventListener("click", function () { later(function () { return notSame(card.fingerprint, c.fingerprint); }); });
        row.appendChild(split);
        copies.appendChild(row);
      });
      box.appendChild(copies);
    }
  }

  function showState(state) {
    var c = state.counts;
    $("counts").textContent = c.undecided + " to decide of " + c.papers + " · want " + c.want + " · read " + c.read +
      " · skip " + c.skip + " · later " + c.later + (state.passed ? " · " + state.passed + " passed over" : "");
    $("rule").textContent = state.rule;
    ready = state.cards;
    if (state.upcoming) upcoming = state.upcoming;
  }
  var upcoming = [];

  function refresh(withList) {
    return request("GET", "/api/state?passed=" + encodeURIComponent(passed.join(",")) + (withList ? "&upcoming=1" : ""))
      .then(function (state) {
        showState(state);
        showCard(ready[0] || null);
      });
  }

  function decide(mark) {
    if (!shown) return Promise.resolve();
    var paper = shown.id, before = shown.mark || null;
    var entry = { op: "decide", paper: paper, mark: mark, before: before };
    done.push(entry);
    return request("POST", "/api/decide", { paper: paper, mark: mark, passed: passed }).then(function (answer) {
      entry.ok = true;
      entry.before = answer.decided.before;
      mine.push({ paper: paper, before: answer.decided.before, after: mark });
      if (mine.length > 500) mine.shift();
      save("mine", mine);
      trail.push(paper);
      save("trail", trail.slice(-500));
      showState(answer.state);
      showCard(ready[0] || null);
      say(paper + " " + answer.decided.done + " · " + keyName("undo") + " undoes it");
    }, function (e) { entry.ok = false; entry.error = e.message; throw e; });
  }

  function undo() {
    var last = mine.pop();
    if (!last) { say("nothing to undo on this page (the history lists every decision)"); return Promise.resolve(); }
    save("mine", mine);
    var entry = { op: "undo", paper: last.paper, mark: last.before, expect: last.after };
    done.push(entry);
    return request("POST", "/api/decide", { paper: last.paper, mark: last.before, expect: last.after, passed: passed })
      .then(function (answer) {
        entry.ok = true;
        showState(answer.state);
        return request("GET", "/api/paper?id=" + encodeURIComponent(last.paper)).then(function (card) {
          showCard(card);
          say("undone: " + last.paper + " " + answer.decided.done);
        });
      }, function (e) { entry.ok = false; entry.error = e.message; throw e; });
  }

  function next() {
    if (!shown) return Promise.resolve();
    if (passed.indexOf(shown.id) < 0) passed.push(shown.id);
    save("passed", passed);
    trail.push(shown.id);
    save("trail", trail.slice(-500));
    done.push({ op: "next", paper: shown.id, ok: true });
    return refresh();
  }

  function previous() {
    var id = trail.pop();
    save("trail", trail);
    if (!id) { say("no paper before this one on this page"); return Promise.resolve(); }
    done.push({ op: "previous", paper: id, ok: true });
    return request("GET", "/api/paper?id=" + encodeURIComponent(id)).then(showCard);
  }

  function notSame(a, b) {
    return request("POST", "/api/not-same", { a: a, b: b, passed: passed }).then(function (answer) {
      say("recorded: " + a + " and " + b + " are different papers (paperlist not-same --list shows it)");
      showState(answer.state);
      if (shown) return request("GET", "/api/paper?id=" + encodeURIComponent(shown.id)).then(showCard, function () {
        showCard(ready[0] || null);
      });
    });
  }

  // -- the list and the history ---------------------------------------------------------------------------
  var listMark = "undecided";
  function drawList(rows) {
    var list = $("list");
    list.textContent = "";
    if (!rows.length) list.appendChild(el("li", "muted", "no paper here"));
    rows.forEach(function (row) {
      var li = el("li");
      var b = el("button", "open");
      b.type = "button";
      b.appendChild(el("span", "pid", row.id));
      b.appendChild(el("span", "what", row.title));
      if (row.mark) b.appendChild(el("span", "decision " + row.mark, row.mark));
      b.addEventListener("click", function () {
        later(function () {
          return request("GET", "/api/paper?id=" + encodeURIComponent(row.id)).then(function (card) {
            if (shown) trail.push(shown.id);
            show("paper");
            showCard(card);
          });
        });
      });
      li.appendChild(b);
      list.appendChild(li);
    });
  }
  function loadList(mark) {
    listMark = mark;
    document.querySelectorAll("[data-list]").forEach(function (b) { b.classList.toggle("on", b.dataset.list === mark); });
    if (mark === "undecided") return refresh(true).then(function () { drawList(upcoming); });
    return request("GET", "/api/list?mark=" + encodeURIComponent(mark)).then(function (answer) { drawList(answer.papers); });
  }
  function loadHistory() {
    return request("GET", "/api/history").then(function (answer) {
      var list = $("history");
      list.textContent = "";
      answer.events.forEach(function (e) {
        var li = el("li");
        li.appendChild(el("span", "when", e.at));
        li.appendChild(el("span", "action", e.action));
        li.appendChild(el("span", "", e.detail));
        if (e.undo) {  // a mark, from this page, another tab or a terminal: taken back only if it still stands
          var back = el("button", "undo-mark", "undo");
          back.type = "button";
          back.title = e.undo.mark ? "mark " + e.undo.paper + " " + e.undo.mark + " again" : "clear the mark of " + e.undo.paper;
          back.addEventListener("click", function () {
            later(function () {
              var entry = { op: "undo", paper: e.undo.paper, mark: e.undo.mark, expect: e.undo.expect };
              done.push(entry);
              return request("POST", "/api/decide", { paper: e.undo.paper, mark: e.undo.mark, expect: e.undo.expect,
                                                       passed: passed })
                .then(function (answer) {
                  entry.ok = true;
                  showState(answer.state);
                  say("undone: " + e.undo.paper + " " + answer.decided.done);
                  return loadHistory();
                }, function (error) { entry.ok = false; entry.error = error.message; throw error; });
            });
          });
          li.appendChild(back);
        }
        list.appendChild(li);
      });
      if (!answer.events.length) list.appendChild(el("li", "muted", "nothing recorded yet"));
    });
  }
  function show(name) {
    view = name;
    ["paper", "list", "history"].forEach(function (v) { $(v + "-view").classList.toggle("hidden", v !== name); });
    document.querySelectorAll("[data-view]").forEach(function (a) { a.classList.toggle("on", a.dataset.view === name); });
    if (name === "list") return later(function () { return loadList(listMark); });
    if (name === "history") return later(loadHistory);
  }

  // -- keys and buttons -----------------------------------------------------------------------------------------
  function label(key) { return { ArrowRight: "→", ArrowLeft: "←", ArrowUp: "↑", ArrowDown: "↓", " ": "space" }[key] || key; }
  function keyName(action) { return label(config.keys[action][0]); }
  function act(action) {
    if (config.marks.indexOf(action) >= 0) {
      if (view !== "paper") show("paper");
      var mark = action;
      // The paper shown now is the one decided, whatever the queue still holds.
      var target = shown;
      return later(function () {
        if (shown !== target) { shown = target; }
        return decide(mark);
      });
    }
    if (action === "undo") return later(undo);
    if (action === "next") return later(next);
    if (action === "previous") return later(previous);
    if (action === "list") return show(view === "list" ? "paper" : "list");
  }
  document.addEventListener("keydown", function (e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    var t = e.target;
    if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.isContentEditable)) return;
    var action = byKey[e.key] || byKey[e.key.toLowerCase()];
    if (!action) return;
    e.preventDefault();
    act(action);
  });
  document.querySelectorAll("[data-action]").forEach(function (b) {
    b.addEventListener("click", function () { act(b.dataset.action); });
  });
  document.querySelectorAll("[data-view]").forEach(function (a) {
    a.addEventListener("click", function (e) { e.preventDefault(); show(a.dataset.view); });
  });
  document.querySelectorAll("[data-list]").forEach(function (b) {
    b.addEventListener("click", function () { later(function () { return loadList(b.dataset.list); }); });
  });
  document.querySelectorAll("a.export").forEach(function (a) {
    a.href = "/api/export?format=" + a.dataset.format + "&mark=want&token=" + encodeURIComponent(token);
  });
  var keys = $("keys");
  Object.keys(config.keys).forEach(function (action) {
    var li = el("li");
    li.appendChild(el("kbd", "", config.keys[action].map(label).join(" / ")));
    li.appendChild(document.createTextNode(" " + action + ": " + config.what[action]));
    keys.appendChild(li);
  });
  later(refresh);
})();
