/* cardgen serve, the Play page: shows what the server's game table says and sends the
   move chosen (its id). No rule is known here: the server offers the moves and checks them. */
"use strict";
(function () {
  const $ = (sel, root) => (root || document).querySelector(sel);
  const $$ = (sel, root) => Array.from((root || document).querySelectorAll(sel));
  const setup = $("#play-setup");
  if (!setup) return;
  const choices = JSON.parse(setup.dataset.choices);
  const tableBox = $("#table"), side = $("#side"), play = $("#play");
  const faces = {};  // card id -> its face (SVG), as the server drew it
  let tableId = null, view = null, step = 0, busy = false;

  function el(tag, attrs, text) {
    const e = document.createElement(tag);
    Object.entries(attrs || {}).forEach(([k, v]) => {
      if (k === "class") e.className = v; else e.setAttribute(k, v);
    });
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function card(c, size, hinted) {
    // a card as the kit draws it; its name (from the game) is what a screen reader says
    const li = el("li", { class: "card " + size + (hinted ? " playable" : ""), role: "img", "aria-label": c.name,
                          "data-card": c.id, title: c.name });
    if (faces[c.id]) li.innerHTML = faces[c.id]; else li.appendChild(el("span", { class: "noface" }, c.name));
    return li;
  }

  function row(cards, size, label) {
    const ul = el("ul", { class: "row " + size, "aria-label": label });
    (cards || []).forEach((c) => ul.appendChild(card(c, size)));
    if (!cards || !cards.length) ul.appendChild(el("li", { class: "empty" }, "no cards yet"));
    return ul;
  }

  function pile(label, count, top) {
    const box = el("div", { class: "pile" });
    box.appendChild(el("p", { class: "pile-name" }, label));
    if (top) { const ul = el("ul", { class: "row mid" }); ul.appendChild(card(top, "mid")); box.appendChild(ul); }
    if (count !== undefined && count !== null) box.appendChild(el("p", { class: "count" }, count + (count === 1 ? " card" : " cards")));
    return box;
  }

  function board(v) {
    const b = $("#board"), t = v.table || {};
    b.replaceChildren();
    if (v.game === "str8eight") {
      const line = el("div", { class: "board-line" });
      const piles = el("div", { class: "piles" });
      piles.appendChild(pile("Draw pile", t.draw_pile));
      piles.appendChild(pile("Discard pile", t.discard_pile, t.discard_top));
      line.appendChild(piles);
      const seqs = el("div", { class: "seqs" });
      (t.sequences || []).forEach((s) => {
        const who = s.seat === v.you ? "Your sequence" : s.name + "’s sequence";
        seqs.appendChild(el("h4", {}, who + " (" + s.cards.length + " of " + t.sequence_length + ")"));
        seqs.appendChild(row(s.cards, "small", who));
      });
      const right = el("div", {});
      right.appendChild(el("p", { class: "goal" }, "A sequence is finished at " + t.sequence_length + " cards."));
      right.appendChild(seqs);
      line.appendChild(right);
      b.appendChild(line);
    } else if (v.game === "fourscore") {
      b.appendChild(el("p", { class: "goal" }, "Round " + t.round + ". Everyone turns up a card; they are laid from the lowest up."));
      const line = el("div", { class: "board-line" });
      const rows = el("div", { class: "seqs" });
      (t.rows || []).forEach((r, i) => {
        rows.appendChild(el("h4", {}, "Row " + (i + 1)));
        rows.appendChild(row(r, "small", "Row " + (i + 1)));
      });
      line.appendChild(rows);
      if (t.turned_up && t.turned_up.length) {
        const up = el("div", { class: "seqs" });
        up.appendChild(el("h4", { class: "span" }, "Turned up this round"));
        t.turned_up.forEach((u) => {
          const who = u.seat === v.you ? "You" : u.name;
          up.appendChild(el("h4", {}, who));
          up.appendChild(row([u.card], "small", who + " turned up"));
        });
        line.appendChild(up);
      }
      b.appendChild(line);
    } else if (v.game === "crazy-eights") {
      const piles = el("div", { class: "piles" });
      piles.appendChild(pile("Stock", t.stock));
      piles.appendChild(pile("Discard pile", t.discard_pile, t.discard_top));
      b.appendChild(piles);
      let follow = "Next card: " + (t.free ? "anything" : (t.suit_to_follow || "") + ", or the same rank, or an 8");
      if (t.named) follow += " (the 8 named " + t.named + ")";
      b.appendChild(el("p", { class: "goal" }, follow + ". Hand " + t.hand_number + "; the game ends at " + t.target + " points."));
    } else {
      b.appendChild(el("h4", {}, "Letters on the table"));
      b.appendChild(row(t.cards, "small", "Letters on the table"));
      b.appendChild(el("p", { class: "goal" }, "Stack: " + t.stack + " cards. Hand " + t.hand_number + "; the game ends at " + t.target + " points."));
    }
  }

  function others(v) {
    const ul = $("#others");
    ul.replaceChildren();
    (v.seats || []).forEach((s, i) => {
      if (s.seat === v.you) return;
      let words = s.name + ": " + s.cards + (s.cards === 1 ? " card" : " cards") + " in hand";
      if (s.pile) words += ", " + s.pile + " won";
      if (s.hand_points) words += ", " + s.hand_points + (s.hand_points === 1 ? " point" : " points") + " this hand";
      if (v.scores) words += " · score " + v.scores[i];
      const li = el("li", { class: v.turn === s.seat ? "turn" : "" }, words);
      ul.appendChild(li);
    });
  }

  function hintsOn() { return $("#hints").checked; }

  function render(v) {
    view = v;
    $("#table-title").textContent = v.title + " · " + (v.options.preset ? "class preset " + v.options.preset + " · " : "") + v.options.seats + " players";
    const you = (v.seats || []).find((s) => s.seat === v.you) || {};
    let status = v.prompt;
    if (v.phase === "your-turn") status = "Your turn. " + v.prompt;
    if (v.scores && v.phase === "your-turn") status += " Your score: " + v.scores[v.you] + ".";
    $("#status").textContent = status;
    others(v);
    board(v);
    const hinted = new Set(hintsOn() ? (v.hints || []).map((h) => h.card).filter(Boolean) : []);
    const hand = $("#hand");
    hand.replaceChildren();
    const size = v.game === "eights" || v.game === "fourscore" ? "mid" : "big";
    (v.hand || []).forEach((c) => hand.appendChild(card(c, size, hinted.has(c.id))));
    if (!(v.hand || []).length) hand.appendChild(el("li", { class: "empty" }, "no cards in your hand"));
    const moves = $("#moves");
    moves.replaceChildren();
    const hintOf = {};
    (v.hints || []).forEach((h) => { hintOf[h.move] = h.text; });
    (v.moves || []).forEach((m) => {
      const b = el("button", { type: "button", class: "move " + m.kind + (hintsOn() && hintOf[m.id] ? " playable" : ""),
                               "data-move": m.id });
      b.appendChild(el("span", { class: "what" }, m.label));
      if (hintsOn() && hintOf[m.id]) b.appendChild(el("span", { class: "why" }, hintOf[m.id]));
      if (m.card && m.card.name) b.setAttribute("aria-description", m.card.name);
      b.addEventListener("click", () => send(m.id));
      moves.appendChild(b);
    });
    $("#moves-title").textContent = v.phase === "game-over" ? "The game is over" : v.phase === "hand-over" ? "The hand is over" : "Your move";
    const words = $("#hint-words");
    if (v.phase !== "your-turn") words.textContent = "Hints come on your turn.";
    else if ((v.hints || []).length) words.textContent = "A green frame marks what you may play now; each green button says why.";
    else words.textContent = "No hint for this step: choose any of the buttons.";
    $("#hint-box").hidden = !hintsOn();
    const sum = $("#summary");
    if (v.summary) {
      sum.hidden = false;
      const lines = $("#summary-lines"); lines.replaceChildren();
      (v.summary.lines || []).forEach((l) => lines.appendChild(el("li", {}, l)));
      const facts = $("#facts"); facts.replaceChildren();
      (v.summary.facts || []).forEach((f) => facts.appendChild(el("li", {}, f)));
      $("#facts-box").hidden = !(v.summary.facts || []).length;
    } else sum.hidden = true;
    const log = $("#log");
    log.hidden = !v.log_hands;
    log.href = "/api/play/" + tableId + "/log";
    $("#sheet-button").hidden = v.game !== "str8eight";
    tableBox.dataset.phase = v.phase;
  }

  function addEvents(events) {
    const ol = $("#events");
    events.forEach((e) => {
      const li = el("li", { class: e.seat === (view ? view.you : 0) ? "mine" : "" }, e.text);
      ol.appendChild(li);
    });
    ol.scrollTop = ol.scrollHeight;
  }

  function take(data, fresh) {
    Object.assign(faces, data.faces || {});
    if (data.print) {
      document.body.style.fontFamily = '"' + data.print.family + '", system-ui, sans-serif';
      document.body.classList.toggle("large-print", !!data.print.large);
    }
    if (fresh) $("#events").replaceChildren();
    render(data.view);
    addEvents(data.events || []);
    step += 1;
    tableBox.dataset.step = String(step);
  }

  function focusNext() {
    const first = $("#moves button");
    if (first) first.focus();
    else if (!$("#summary").hidden) $("#summary-title").focus();
  }

  function setBusy(on) {
    busy = on;
    tableBox.setAttribute("aria-busy", on ? "true" : "false");
    $$("#moves button").forEach((b) => { b.disabled = on; });
  }

  function send(id) {
    if (busy) return;
    setBusy(true);
    $("#move-error").textContent = "";
    fetch("/api/play/" + tableId + "/move", { method: "POST", body: new URLSearchParams({ move: id }), credentials: "same-origin" })
      .then((r) => r.json().then((data) => ({ status: r.status, data })))
      .then(({ data }) => {
        setBusy(false);
        if (!data.ok) { $("#move-error").textContent = Object.values(data.errors || {}).join(" "); return; }
        take(data, false);
        focusNext();
      })
      .catch(() => { setBusy(false); $("#move-error").textContent = "The server did not answer: is `cardgen serve` still running?"; });
  }

  function showErrors(errors) {
    $$(".err", setup).forEach((e) => { e.textContent = ""; });
    $$(".field", setup).forEach((f) => f.classList.remove("bad"));
    Object.entries(errors || {}).forEach(([name, message]) => {
      const line = document.getElementById("err-" + name) || document.getElementById("err-_form");
      line.textContent = message;
      const f = document.getElementById("field-" + name);
      if (f) f.classList.add("bad");
    });
  }

  function opened(data) {
    tableId = data.table;
    history.replaceState(null, "", "#table-" + tableId);
    setup.hidden = true;
    tableBox.hidden = false; side.hidden = false;
    play.classList.add("playing");
    document.body.classList.add("playing-page");
    $(".lead").hidden = true;
    $("#hints").checked = $("#hints-first").checked;
    $("#sheet").hidden = true; $("#sheet").replaceChildren();
    $("#sheet-button").setAttribute("aria-expanded", "false");
    $("#sheet-button").textContent = "Show the sequence sheet";
    take(data, true);
    $("#table-title").focus();
  }

  setup.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const start = $("#start");
    start.disabled = true;
    fetch("/api/play", { method: "POST", body: new URLSearchParams(new FormData(setup)), credentials: "same-origin" })
      .then((r) => r.json())
      .then((data) => { start.disabled = false; if (!data.ok) showErrors(data.errors); else { showErrors({}); opened(data); } })
      .catch(() => { start.disabled = false; showErrors({ _form: "The server did not answer: is `cardgen serve` still running?" }); });
  });

  function gameChanged() {
    const g = choices.games.find((x) => x.id === $("#game").value);
    const preset = $("#preset");
    preset.disabled = !g.presets;
    if (!g.presets && preset.value) { preset.value = ""; $("#hints-first").checked = false; }
    $("#preset-help").textContent = g.presets ? "A class preset sets the table size, the cards’ arrows and the print." : g.title + " has no class presets.";
    const seats = $("#seats"), was = Number(seats.value);
    seats.replaceChildren();
    for (let n = g.seats[0]; n <= g.seats[1]; n++) {
      const o = el("option", { value: String(n) }, String(n));
      if (n === Math.min(Math.max(was, g.seats[0]), g.seats[1])) o.selected = true;
      seats.appendChild(o);
    }
  }
  $("#game").addEventListener("change", gameChanged);
  $("#preset").addEventListener("change", () => { $("#hints-first").checked = !!$("#preset").value; });
  gameChanged();

  $("#hints").addEventListener("change", () => {
    $("#hints-first").checked = $("#hints").checked;
    if (view) render(view);
  });

  $("#new-game").addEventListener("click", () => {
    setup.hidden = false; tableBox.hidden = true; side.hidden = true; $("#sheet").hidden = true;
    play.classList.remove("playing");
    document.body.classList.remove("playing-page");
    $(".lead").hidden = false;
    history.replaceState(null, "", location.pathname);
    $("#game").focus();
  });

  $("#sheet-button").addEventListener("click", () => {
    const box = $("#sheet"), button = $("#sheet-button");
    const open = box.hidden;
    if (open && !box.firstChild) {
      fetch("/api/play/" + tableId + "/sheet", { credentials: "same-origin" }).then((r) => r.json()).then((data) => {
        if (data.ok) { box.innerHTML = "<h3>The sequence sheet</h3>" + data.sheet; }
      });
    }
    box.hidden = !open;
    play.classList.toggle("with-sheet", open);
    button.setAttribute("aria-expanded", open ? "true" : "false");
    button.textContent = open ? "Hide the sequence sheet" : "Show the sequence sheet";
  });

  // a page opened again (reload) shows the same table, with everything that happened
  const m = /^#table-([A-Za-z0-9_-]+)$/.exec(location.hash);
  if (m) {
    fetch("/api/play/" + m[1], { credentials: "same-origin" }).then((r) => r.json()).then((data) => {
      if (data.ok) { $("#hints-first").checked = !!data.view.options.preset; opened(data); } else history.replaceState(null, "", location.pathname);
    });
  }
})();
