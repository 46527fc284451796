/* cardgen serve: the pages' few behaviours, in plain JavaScript (no build step). */
"use strict";
(function () {
  const $ = (sel, root) => (root || document).querySelector(sel);
  const $$ = (sel, root) => Array.from((root || document).querySelectorAll(sel));

  function showErrors(form, errors) {
    $$(".field", form).forEach((f) => f.classList.remove("bad"));
    $$(".err", form).forEach((e) => { e.textContent = ""; });
    $$("[aria-invalid]", form).forEach((e) => e.removeAttribute("aria-invalid"));
    let first = null;
    Object.entries(errors || {}).forEach(([name, message]) => {
      const line = document.getElementById("err-" + name) || document.getElementById("err-_form");
      if (line) line.textContent = message;
      const field = document.getElementById("field-" + name);
      if (field) {
        field.classList.add("bad");
        const input = $("input:not([type=hidden]), select", field);
        if (input) input.setAttribute("aria-invalid", "true");
        const fold = field.closest("details");
        if (fold) fold.open = true;
        if (!first) first = field;
      }
    });
    return first;
  }

  function post(url, form) {
    return fetch(url, { method: "POST", body: new URLSearchParams(new FormData(form)), credentials: "same-origin" })
      .then((r) => r.json().then((data) => ({ status: r.status, data })));
  }

  // a job's events (server-sent): progress words and bar, figures, the end
  function follow(job, on) {
    const source = new EventSource("/jobs/" + job + "/events");
    const handle = (name) => source.addEventListener(name, (e) => {
      const data = JSON.parse(e.data);
      if (name === "done" || name === "failed" || name === "cancelled") source.close();
      if (on[name]) on[name](data);
    });
    ["queued", "progress", "warning", "figures", "tune", "done", "failed", "cancelled"].forEach(handle);
    source.onerror = () => { if (source.readyState === EventSource.CLOSED && on.lost) on.lost(); };
    return source;
  }

  function fraction(words) {
    const m = /(\d+) of (\d+)/.exec(words || "");
    return m ? Math.min(1, Number(m[1]) / Math.max(1, Number(m[2]))) : null;
  }

  // ---- Make a kit --------------------------------------------------------------------
  const kit = $("#kit");
  if (kit) {
    const presets = JSON.parse(kit.dataset.presets || "{}");
    let seq = 0, timer = null, controller = null;

    function setField(name, value) {
      const field = document.getElementById("field-" + name);
      if (!field) return;
      const boxes = $$("input[type=checkbox][name='" + name + "']", field);
      if (boxes.length > 1) { const on = String(value).split(","); boxes.forEach((b) => { b.checked = on.includes(b.value); }); return; }
      if (boxes.length === 1) { boxes[0].checked = value === "on"; return; }
      const input = $("input:not([type=hidden]), select", field);
      if (input) input.value = value;
    }

    function showPlan(plan) {
      const box = $("#plan");
      box.textContent = "";
      if (!plan) return;
      const paper = plan.paper === "a4" ? "A4" : "Letter";
      const strong = document.createElement("strong");
      strong.textContent = plan.card_sheets + " sheets of " + paper + " card stock";
      box.append(strong, " (250–300 gsm, 90–110 lb cover)" + (plan.plain ? ", plain paper for the rules." : "."));
      const more = document.createElement("details");
      more.className = "sheets";
      const sum = document.createElement("summary");
      sum.textContent = "Which sheets?";
      const list = document.createElement("ul");
      plan.decks.forEach((d) => {
        const li = document.createElement("li");
        li.textContent = d.title + ": " + d.cards + " cards, " + d.per_sheet + " a sheet, " + d.sheets + " sheet" +
          (d.sheets === 1 ? "" : "s") + (d.boxes ? "; box: " + d.boxes + " sheet" + (d.boxes === 1 ? "" : "s") : "");
        list.appendChild(li);
      });
      more.append(sum, list);
      box.appendChild(more);
    }

    function render(data) {
      const decks = $("#decks");
      decks.innerHTML = "";
      data.decks.forEach((d) => {
        const block = document.createElement("div");
        block.className = "deck";
        block.dataset.game = d.game;
        const title = document.createElement("h3");
        title.textContent = d.title;
        const row = document.createElement("div");
        row.className = "cards";
        d.faces.concat([d.back]).forEach((svg, i) => {
          const fig = document.createElement("figure");
          fig.innerHTML = svg;
          const cap = document.createElement("figcaption");
          cap.textContent = i === d.faces.length ? "back" : "";
          if (cap.textContent) fig.appendChild(cap);
          row.appendChild(fig);
        });
        block.append(title, row);
        if (d.sets && d.sets.length) {
          const sub = document.createElement("p");
          sub.className = "sets-title";
          sub.textContent = "One card of each class set, with its mark:";
          const marks = document.createElement("div");
          marks.className = "cards sets";
          d.sets.forEach((s) => {
            const fig = document.createElement("figure");
            fig.innerHTML = s.face;
            const cap = document.createElement("figcaption");
            cap.textContent = "set " + s.letter.toUpperCase();
            fig.appendChild(cap);
            marks.appendChild(fig);
          });
          block.append(sub, marks);
        }
        decks.appendChild(block);
      });
      if (data.edition) $("#edition").innerHTML = data.edition;
      $("#sheet").innerHTML = data.sheet || "";
      $("#box").innerHTML = data.box || "";
      showPlan(data.plan);
      const fewest = $("#fewest");
      fewest.innerHTML = "";
      if (data.plan && data.plan.fewest) {
        const f = data.plan.fewest;
        fewest.append("Fewer sheets: " + f.card_size + " cards take " + f.card_sheets + ". ");
        const use = document.createElement("button");
        use.type = "button"; use.className = "link"; use.id = "use-fewest";
        use.textContent = "Use " + f.card_size + " cards";
        use.addEventListener("click", () => { setField("card_size", f.card_size); refresh(); });
        fewest.appendChild(use);
      }
    }

    function refresh() {
      const mine = ++seq;
      if (controller) controller.abort();
      controller = new AbortController();
      const preview = $("#preview");
      preview.setAttribute("aria-busy", "true");
      $("#preview-state").textContent = "drawing…";
      fetch("/api/preview", { method: "POST", body: new URLSearchParams(new FormData(kit)), credentials: "same-origin", signal: controller.signal })
        .then((r) => r.json().then((data) => ({ status: r.status, data })))
        .then(({ data }) => {
          if (mine !== seq) return;
          showErrors(kit, data.ok ? {} : data.errors);
          if (data.ok) { render(data); $("#preview-state").textContent = ""; }
          else { $("#preview-state").textContent = "fix the marked field to see the cards"; $("#plan").textContent = ""; }
          preview.setAttribute("aria-busy", "false");
          preview.dataset.drawn = String(mine);
          document.dispatchEvent(new CustomEvent("cardgen:preview", { detail: data }));
        })
        .catch((e) => { if (e.name !== "AbortError") $("#preview-state").textContent = "the server did not answer"; });
    }

    function later() { clearTimeout(timer); timer = setTimeout(refresh, 150); }
    kit.addEventListener("input", later);
    kit.addEventListener("change", (e) => {
      if (e.target.name === "preset" && presets[e.target.value]) {
        Object.entries(presets[e.target.value]).forEach(([k, v]) => setField(k, v));
      }
      later();
    });

    const dialog = $("#progress");
    let job = null;
    kit.addEventListener("submit", (e) => {
      e.preventDefault();
      const button = $("#build");
      button.disabled = true;
      post("/api/build", kit).then(({ status, data }) => {
        button.disabled = false;
        if (!data.ok) {
          const first = showErrors(kit, data.errors);
          if (first) { const input = $("input:not([type=hidden]), select", first); if (input) input.focus(); }
          if (status === 503) $("#err-_form").textContent = data.errors._form;
          return;
        }
        job = data.job;
        dialog.hidden = false;
        $("#progress-error").textContent = "";
        $("#progress-words").textContent = "Starting…";
        $("#progress-bar").removeAttribute("value");
        $("#cancel").textContent = "Cancel";
        $("#cancel").focus();
        follow(job, {
          queued: (w) => { $("#progress-words").textContent = w; },
          progress: (w) => {
            $("#progress-words").textContent = w;
            const f = fraction(w);
            if (f !== null) $("#progress-bar").value = Math.round(f * 100);
          },
          done: (r) => { $("#progress-words").textContent = "Done: opening your kit…"; window.location.assign(r.url); },
          failed: (w) => { $("#progress-error").textContent = w; $("#cancel").textContent = "Close"; job = null; },
          cancelled: (w) => { $("#progress-words").textContent = w; $("#cancel").textContent = "Close"; job = null; },
        });
      }).catch(() => { button.disabled = false; $("#err-_form").textContent = "The server did not answer; is 'cardgen serve' still running?"; });
    });
    $("#cancel").addEventListener("click", () => {
      if (job) {
        fetch("/jobs/" + job + "/cancel", { method: "POST", credentials: "same-origin" });
        $("#progress-words").textContent = "Stopping…";
      } else {
        dialog.hidden = true;
        $("#build").focus();
      }
    });
    document.addEventListener("keydown", (e) => { if (e.key === "Escape" && !dialog.hidden && !job) dialog.hidden = true; });
    refresh();
  }

  // ---- Does this variant play well? -------------------------------------------------------
  const pt = $("#playtest");
  if (pt) {
    const figures = $("#figures");
    const pct = (x) => (x === null || x === undefined ? "" : (100 * x).toFixed(1) + " %");

    function figureBlock(r) {
      const box = document.createElement("section");
      box.className = "figs";
      box.dataset.game = r.game;
      const h = document.createElement("h3");
      h.textContent = (r.title || r.game) + " · " + r.hands + " hands, " + r.players + " players";
      const line = document.createElement("p");
      line.className = "line " + r.judge.verdict;
      line.textContent = r.judge.line.charAt(0).toUpperCase() + r.judge.line.slice(1);
      box.append(h, line);
      const bars = document.createElement("div");
      bars.className = "seatbars";
      bars.setAttribute("role", "table");
      bars.setAttribute("aria-label", "Each seat's share of the wins, with its 95 % interval");
      const fair = 1 / r.players;
      r.seats.forEach((s, i) => {
        const name = document.createElement("span"); name.textContent = "Seat " + (i + 1);
        const bar = document.createElement("span"); bar.className = "seatbar";
        const scale = (x) => Math.min(100, (x / (2 * fair)) * 100) + "%";
        if (s.low !== null) { const ci = document.createElement("span"); ci.className = "ci"; ci.style.left = scale(s.low); ci.style.width = "calc(" + scale(s.high) + " - " + scale(s.low) + ")"; bar.appendChild(ci); }
        const f = document.createElement("span"); f.className = "fair"; f.style.left = "50%"; bar.appendChild(f);
        const p = document.createElement("span"); p.className = "pt"; p.style.left = scale(s.rate); bar.appendChild(p);
        const val = document.createElement("span"); val.textContent = pct(s.rate) + (s.low !== null ? " (" + pct(s.low) + "–" + pct(s.high) + ")" : "");
        bars.append(name, bar, val);
      });
      box.appendChild(bars);
      const list = document.createElement("ul");
      r.judge.checks.forEach((c) => { const li = document.createElement("li"); li.className = c.verdict; li.textContent = c.verdict + ": " + c.what; list.appendChild(li); });
      if (r.ladder) r.ladder.forEach((m) => { const li = document.createElement("li"); li.textContent = "skill ladder: " + m.strong + " beats " + m.weak + " in " + pct(m.share) + " of the hands they decide"; list.appendChild(li); });
      box.appendChild(list);
      return box;
    }

    function tuneBlock(t) {
      const box = document.createElement("section");
      box.className = "figs tune";
      const h = document.createElement("h3"); h.textContent = "Variants that play well (" + t.variants + " judged, " + t.hands_played + " hands)";
      const p = document.createElement("p"); p.className = "line"; p.textContent = t.answer;
      box.append(h, p);
      if (t.ranked.length) {
        const table = document.createElement("table"); table.className = "files";
        table.innerHTML = "<thead><tr><th scope=col>Table size</th><th scope=col>Pass cards</th><th scope=col>Sequence</th><th scope=col>Players</th><th scope=col>Targets settled as met</th></tr></thead>";
        const body = document.createElement("tbody");
        t.ranked.forEach((r) => {
          const tr = document.createElement("tr");
          [r.variant.table_size, r.variant.pass_cards, r.variant.sequence_length, r.variant.players, r.confirmed + " of 4"].forEach((v) => { const td = document.createElement("td"); td.textContent = v; tr.appendChild(td); });
          body.appendChild(tr);
        });
        table.appendChild(body); box.appendChild(table);
      }
      return box;
    }

    const record = figures.dataset.record ? JSON.parse(figures.dataset.record) : null;
    if (record) {
      figures.innerHTML = "";
      (record.results || []).forEach((r) => figures.appendChild(figureBlock(r)));
      if (record.tune) figures.appendChild(tuneBlock(record.tune));
      figures.dataset.done = "1";
    }

    let job = null;
    function start(url) {
      $("#pt-error").textContent = "";
      post(url, pt).then(({ status, data }) => {
        if (!data.ok) { showErrors(pt, data.errors); if (status === 503) $("#pt-error").textContent = data.errors._form; return; }
        showErrors(pt, {});
        job = data.job;
        figures.innerHTML = "";
        figures.dataset.done = "";
        $("#pt-progress").hidden = false;
        $("#pt-bar").removeAttribute("value");
        follow(job, {
          progress: (w) => { $("#pt-words").textContent = w; const f = fraction(w); if (f !== null) $("#pt-bar").value = f; },
          figures: (r) => figures.appendChild(figureBlock(r)),
          tune: (t) => figures.appendChild(tuneBlock(t)),
          done: (r) => {
            $("#pt-progress").hidden = true; job = null;
            if (!figures.children.length) { window.location.assign(r.url); return; }
            figures.dataset.done = "1"; history.replaceState(null, "", r.url);
          },
          failed: (w) => { $("#pt-progress").hidden = true; $("#pt-error").textContent = w; job = null; },
          cancelled: (w) => { $("#pt-progress").hidden = true; $("#pt-error").textContent = w; job = null; },
        });
      });
    }
    pt.addEventListener("submit", (e) => { e.preventDefault(); start("/api/playtest"); });
    $("#tune").addEventListener("click", () => start("/api/tune"));
    $("#pt-cancel").addEventListener("click", () => { if (job) fetch("/jobs/" + job + "/cancel", { method: "POST", credentials: "same-origin" }); });
  }
})();
