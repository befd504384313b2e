// wordtable: the virtual table. Draws the state the server pushes and sends what a person does
// (lay, move or lift a piece; press a seat button) as actions on the simulated board.
"use strict";

(function () {
  const token = document.querySelector('meta[name="wordtable-token"]').content;
  const $ = (id) => document.getElementById(id);
  const tableEl = $("table");
  const panelImg = $("panel");
  const kiosk = document.body.classList.contains("kiosk");

  let ws = null;
  let state = null;
  let builtFor = "";
  let nextId = 1;
  const pending = new Map();
  let cursor = 0;
  let across = true;
  let selected = null; // {cell} or {uid}: a piece picked by a tap, waiting for a tap on a cell
  let mySeat = Number(localStorage.getItem("wordtable-seat") || 0);

  // Timing marks the benchmark and the tests read (performance.now() on this page).
  window.wordtable = { lastSent: null, panelShown: { version: 0, at: null }, acks: [] };

  // ---- the link to the server ----------------------------------------------------------------
  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    ws = new WebSocket(`${scheme}//${location.host}/ws?token=${encodeURIComponent(token)}`);
    ws.onopen = () => setStatus();
    ws.onclose = () => {
      setStatus("Connection to the host lost; trying again…", true);
      setTimeout(connect, 700);
    };
    ws.onmessage = (ev) => {
      const msg = JSON.parse(ev.data);
      if (msg.type === "state") { state = msg; render(); }
      else if (msg.type === "panel") showPanel(msg);
      else if (msg.type === "ack") onAck(msg);
    };
  }

  function send(action) {
    if (!ws || ws.readyState !== WebSocket.OPEN) { showMessage("Not connected to the host yet.", "error"); return null; }
    const id = nextId++;
    action.id = id;
    window.wordtable.lastSent = { op: action.op, at: performance.now(), id };
    ws.send(JSON.stringify(action));
    pending.set(id, action);
    return id;
  }

  function onAck(msg) {
    pending.delete(msg.id);
    window.wordtable.acks.push(msg);
    if (!msg.ok) showMessage(msg.error, "error");
  }

  function setStatus(text, lost) {
    const el = $("link-status");
    if (text) { el.textContent = text; el.classList.toggle("lost", !!lost); return; }
    if (!state) { el.textContent = "connected"; return; }
    const b = state.board;
    const what = b.sim ? "simulated table" : `table board “${b.name}”`;
    const mode = b.writable ? "" : " · read-only mirror";
    el.textContent = b.linked ? `${what}, linked${mode}` : `${what}: waiting for the board…`;
    el.classList.toggle("lost", !b.linked);
  }

  // ---- the e-ink panel ---------------------------------------------------------------------------
  function showPanel(msg) {
    panelImg.onload = () => {
      window.wordtable.panelShown = { version: msg.version, at: performance.now() };
      panelImg.dataset.version = String(msg.version);
    };
    panelImg.width = msg.size[0];
    panelImg.height = msg.size[1];
    panelImg.style.aspectRatio = `${msg.size[0]} / ${msg.size[1]}`;
    panelImg.src = "data:image/png;base64," + msg.png;
    fitPanel();
  }

  // Whole multiples of the panel's pixels only: a 1-bit image scaled by 1.6 drops or doubles odd
  // rows, and thin strokes (the bar of an H or an E) vanish. Below 1x it shrinks smoothly.
  function fitPanel() {
    const w = panelImg.width || 296;
    const room = panelImg.parentElement ? panelImg.parentElement.clientWidth - 20 : w;
    const scale = room >= w ? Math.min(3, Math.floor(room / w)) : room / w;
    panelImg.style.width = `${Math.floor(w * scale)}px`;
    panelImg.style.imageRendering = scale >= 1 ? "pixelated" : "auto";
  }
  window.addEventListener("resize", fitPanel);

  const PREMIUM_CLASS = { d: "dl", t: "tl", D: "dw", T: "tw" };
  const PREMIUM_TEXT = { d: "DL", t: "TL", D: "DW", T: "TW", "*": "" };

  // ---- drawing the table -----------------------------------------------------------------------
  function cellEl(n) { return document.getElementById("cell-" + n); }

  function build() {
    const g = state.geometry;
    const [w, h] = g.grid;
    tableEl.innerHTML = "";
    tableEl.tabIndex = 0;
    const board = document.createElement("div");
    board.className = "board";
    board.style.setProperty("--cols", w);
    for (let r = 0; r < h; r++) for (let c = 0; c < w; c++) board.appendChild(makeCell(r * w + c, `row ${r + 1}, column ${c + 1}`));
    tableEl.appendChild(board);
    for (let s = 0; s < g.seats; s++) {
      const seat = document.createElement("div");
      seat.className = "seat";
      seat.dataset.seat = s;
      const cells = document.createElement("div");
      cells.className = "seat-cells";
      for (let k = 0; k < g.seat_cells; k++) cells.appendChild(makeCell(w * h + s * g.seat_cells + k, `seat ${s + 1}, place ${k + 1}`));
      const info = document.createElement("div");
      info.className = "seat-info";
      const name = document.createElement("span");
      name.className = "seat-name";
      name.id = `seat-name-${s}`;
      name.textContent = `Seat ${s + 1}`;
      info.appendChild(name);
      for (let b = 0; b < g.buttons; b++) {
        const btn = document.createElement("button");
        btn.type = "button";
        btn.className = "seat-button";
        btn.id = `button-${s}-${b}`;
        btn.dataset.seat = s;
        btn.dataset.button = b;
        btn.textContent = String(b + 1);
        btn.addEventListener("click", () => { send({ op: "tap", seat: s, button: b }); });
        info.appendChild(btn);
      }
      seat.appendChild(info);
      seat.appendChild(cells);
      tableEl.appendChild(seat);
    }
    const pick = $("my-seat");
    pick.innerHTML = "";
    for (let s = 0; s < g.seats; s++) {
      const o = document.createElement("option");
      o.value = s; o.textContent = `Seat ${s + 1}`;
      pick.appendChild(o);
    }
    if (mySeat >= g.seats) mySeat = 0;
    pick.value = mySeat;
    builtFor = JSON.stringify(g);
    moveCursor(cursor);
  }

  function makeCell(n, where) {
    const el = document.createElement("div");
    el.className = "cell";
    el.id = "cell-" + n;
    el.dataset.cell = n;
    el.dataset.where = where;
    el.setAttribute("role", "gridcell");
    el.addEventListener("click", () => onCellTap(n));
    return el;
  }

  function pieceEl(p) {
    const el = document.createElement("div");
    el.className = "piece";
    if (p.set && p.shape !== "tile") el.classList.add("card");
    if (!p.set) el.classList.add("unknown");
    if (p.suit) el.classList.add("suit-" + p.suit);
    el.dataset.uid = p.uid;
    el.dataset.text = p.text;
    el.title = p.label;
    el.textContent = p.text;
    if (p.corner) {
      const c = document.createElement("span");
      c.className = "corner";
      c.textContent = p.corner;
      el.appendChild(c);
    }
    return el;
  }

  function zoneClasses() {
    const out = new Map();
    for (const z of state.zones) {
      z.cells.forEach((cell, i) => out.set(cell, { kind: z.kind, seat: z.seat, index: i, size: z.cells.length }));
    }
    return out;
  }

  function render() {
    if (JSON.stringify(state.geometry) !== builtFor) build();
    setStatus();
    const zones = zoneClasses();
    const g = state.geometry;
    const total = g.grid[0] * g.grid[1] + g.seats * g.seat_cells;
    for (let n = 0; n < total; n++) {
      const el = cellEl(n);
      const z = zones.get(n);
      el.className = "cell" + (z ? " zone-" + z.kind : (state.zones.length ? " unused" : ""));
      const premiums = state.session && state.session.premiums;
      if (z && z.kind === "board" && premiums && premiums[z.index] && premiums[z.index] !== ".") {
        const code = premiums[z.index];
        el.classList.add(code === "*" ? "centre" : "prem-" + PREMIUM_CLASS[code]);
        el.dataset.premium = PREMIUM_TEXT[code] || "";
      } else {
        delete el.dataset.premium;
      }
      if (n === cursor) el.classList.add("cursor");
      const p = state.cells[n];
      const have = el.querySelector(".piece");
      if (p) {
        const blank = z && z.kind === "board" && !p.text && state.session && state.session.blanks
          ? state.session.blanks[String(z.index)] : undefined;
        if (!have || have.dataset.uid !== p.uid || (have.dataset.blank || "") !== (blank || "")) {
          if (have) have.remove();
          const piece = pieceEl(p);
          if (blank) { piece.dataset.blank = blank; piece.classList.add("blank-letter"); piece.textContent = blank; }
          el.appendChild(piece);
        }
        el.setAttribute("aria-label", `${el.dataset.where}: ${p.label}`);
      } else {
        if (have) have.remove();
        el.setAttribute("aria-label", `${el.dataset.where}: empty`);
      }
    }
    renderSession();
    renderMenu();
    renderRack();
    renderBox();
    renderKiosk();
  }

  function renderSession() {
    const s = state.session || {};
    const players = $("players");
    players.innerHTML = "";
    $("players-section").hidden = !(s.players || []).length;
    $("history-section").hidden = !s.game;
    for (const p of s.players || []) {
      const li = document.createElement("li");
      if (p.active) li.classList.add("active");
      const name = document.createElement("span");
      name.textContent = `${p.name}${p.kind && p.kind !== "human" ? " (" + p.kind + ")" : ""}` + (p.seat != null ? ` · seat ${p.seat + 1}` : "");
      const score = document.createElement("span");
      score.className = "score";
      score.textContent = p.score;
      li.append(name, score);
      players.appendChild(li);
    }
    for (let seat = 0; seat < state.geometry.seats; seat++) {
      const used = state.zones.some((z) => z.seat === seat);
      tableEl.querySelector(`.seat[data-seat="${seat}"]`).classList.toggle("empty", state.zones.length > 0 && !used);
      const el = $(`seat-name-${seat}`);
      const p = (s.players || []).find((q) => q.seat === seat);
      el.textContent = p ? p.name : `Seat ${seat + 1}`;
      el.classList.toggle("active", !!(p && p.active));
    }
    const labels = s.buttons || null;
    document.querySelectorAll(".seat-button").forEach((btn) => {
      const b = Number(btn.dataset.button);
      const label = labels && labels[b] ? labels[b] : String(b + 1);
      btn.textContent = label;
      btn.setAttribute("aria-label", `Seat ${Number(btn.dataset.seat) + 1} button ${b + 1}${labels && labels[b] ? ": " + labels[b] : ""}`);
      btn.disabled = !state.board.writable;
    });
    const history = $("history");
    history.innerHTML = "";
    for (const m of s.history || []) {
      const li = document.createElement("li");
      li.textContent = `${m.player}: ${m.summary}` + (m.total != null ? ` — ${m.total}` : "");
      if (m.lines && m.lines.length) {
        const ul = document.createElement("ul");
        ul.className = "lines";
        for (const line of m.lines) {
          const x = document.createElement("li");
          x.textContent = `${line.label} ${line.points >= 0 ? "+" : ""}${line.points}` + (line.detail ? ` (${line.detail})` : "");
          ul.appendChild(x);
        }
        li.appendChild(ul);
      }
      history.appendChild(li);
    }
    history.scrollTop = history.scrollHeight;
    if (s.message) showMessage(s.message, s.message_kind || "error", true);
    else if (lastMessageFromSession) hideMessage();
  }

  function renderMenu() {
    const menu = state.session && state.session.menu;
    $("menu-section").hidden = !menu;
    if (!menu) return;
    $("menu-title").textContent = menu.title;
    const list = $("menu");
    list.className = "menu" + (menu.letters ? " letters" : "");
    list.innerHTML = "";
    menu.items.forEach((item, i) => {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = item;
      if (i === menu.selected) { b.classList.add("selected"); b.setAttribute("aria-current", "true"); }
      b.addEventListener("click", () => chooseMenu(menu, i));
      li.appendChild(b);
      list.appendChild(li);
    });
  }

  // The same buttons a person would press: down or up until the item is selected, then OK.
  function chooseMenu(menu, i) {
    const seat = menu.seat != null ? menu.seat : mySeat;
    const diff = i - menu.selected;
    for (let k = 0; k < Math.abs(diff); k++) send({ op: "tap", seat, button: diff > 0 ? 2 : 1 });
    send({ op: "tap", seat, button: 0 });
  }

  function myPlayer() {
    const s = state.session || {};
    return (s.players || []).find((p) => p.seat === mySeat && p.rack) || null;
  }

  function onTable(uid) {
    return Object.values(state.cells).some((p) => p.uid === uid);
  }

  function renderRack() {
    const p = myPlayer();
    $("rack-section").hidden = !p || !state.board.sim;
    if (!p) return;
    $("take-tiles").hidden = seatCells(mySeat).length === 0;
    $("rack-who").textContent = `(${p.name}, seat ${mySeat + 1})`;
    const rack = $("rack");
    rack.innerHTML = "";
    if (!p.rack.length) rack.textContent = "Nothing to see yet.";
    for (const t of p.rack) {
      const stack = document.createElement("div");
      stack.className = "stack" + (onTable(t.uid) ? " on-table" : "");
      stack.appendChild(pieceEl(t));
      rack.appendChild(stack);
    }
  }

  function takeMyTiles() {
    const p = myPlayer();
    if (!p) return;
    const free = seatCells(mySeat).filter((c) => !state.cells[c]);
    for (const t of p.rack) {
      if (onTable(t.uid)) continue;
      const cell = free.shift();
      if (cell === undefined) { showMessage("Your seat row is full.", "error"); return; }
      send({ op: "place", cell, uid: t.uid });
    }
  }

  function renderBox() {
    const box = $("box");
    $("box-section").hidden = !state.board.sim || state.box.length === 0;
    const groups = new Map();
    for (const p of state.box) {
      const key = p.set + "|" + p.text + "|" + p.corner;
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(p);
    }
    box.innerHTML = "";
    for (const list of groups.values()) {
      const stack = document.createElement("div");
      stack.className = "stack";
      const el = pieceEl(list[0]);
      el.setAttribute("role", "button");
      el.setAttribute("aria-label", `${list[0].text || "blank"} from the box (${list.length} left)`);
      stack.appendChild(el);
      if (list.length > 1) {
        const n = document.createElement("span");
        n.className = "count";
        n.textContent = list.length;
        stack.appendChild(n);
      }
      if (selected && selected.uid === list[0].uid) el.classList.add("selected");
      box.appendChild(stack);
    }
  }

  function renderKiosk() {
    const k = state.kiosk || {};
    $("attract").hidden = !(k.on && k.state === "attract");
  }

  // ---- messages --------------------------------------------------------------------------------
  let lastMessageFromSession = false;
  function showMessage(text, kind, fromSession) {
    const el = $("message");
    el.textContent = text;
    el.className = "message" + (kind === "info" ? " info" : "");
    el.hidden = false;
    lastMessageFromSession = !!fromSession;
    if (!fromSession) {
      clearTimeout(showMessage.timer);
      showMessage.timer = setTimeout(hideMessage, 6000);
    }
  }
  function hideMessage() { $("message").hidden = true; lastMessageFromSession = false; }

  // ---- dragging pieces ---------------------------------------------------------------------------
  let drag = null;
  document.addEventListener("pointerdown", (ev) => {
    const piece = ev.target.closest(".piece");
    if (kiosk && document.fullscreenEnabled && !document.fullscreenElement) {
      document.documentElement.requestFullscreen().catch(() => {});
    }
    if (!piece || !state || !state.board.writable) return;
    const cell = piece.closest(".cell");
    drag = { from: cell ? Number(cell.dataset.cell) : null, uid: piece.dataset.uid, x: ev.clientX, y: ev.clientY, ghost: null, piece };
    ev.preventDefault();
  });
  document.addEventListener("pointermove", (ev) => {
    if (!drag) return;
    if (!drag.ghost && Math.hypot(ev.clientX - drag.x, ev.clientY - drag.y) > 4) {
      drag.ghost = document.createElement("div");
      drag.ghost.className = "ghost";
      drag.ghost.appendChild(drag.piece.cloneNode(true));
      document.body.appendChild(drag.ghost);
    }
    if (drag.ghost) {
      const size = drag.ghost.offsetWidth;
      drag.ghost.style.left = ev.clientX - size / 2 + "px";
      drag.ghost.style.top = ev.clientY - size / 2 + "px";
      document.querySelectorAll(".drop-hint").forEach((e) => e.classList.remove("drop-hint"));
      const over = document.elementFromPoint(ev.clientX, ev.clientY);
      const target = over && over.closest(".cell");
      if (target) target.classList.add("drop-hint");
    }
  });
  document.addEventListener("pointerup", (ev) => {
    if (!drag) return;
    const d = drag;
    drag = null;
    document.querySelectorAll(".drop-hint").forEach((e) => e.classList.remove("drop-hint"));
    if (!d.ghost) { onPieceTap(d); return; }
    d.ghost.remove();
    const over = document.elementFromPoint(ev.clientX, ev.clientY);
    const target = over && over.closest(".cell");
    if (target) {
      const to = Number(target.dataset.cell);
      if (to === d.from) return;
      if (state.cells[to]) { showMessage("That cell already holds a piece.", "error"); return; }
      if (d.from === null) send({ op: "place", cell: to, uid: d.uid });
      else send({ op: "move", cell: d.from, to });
    } else if (d.from !== null && over && over.closest("#box-section")) {
      send({ op: "lift", cell: d.from });
    }
  });

  // A tap picks a piece up; a tap on a cell lays it there (touch screens and switch access).
  function onPieceTap(d) {
    document.querySelectorAll(".piece.selected").forEach((e) => e.classList.remove("selected"));
    if (selected && selected.cell === d.from && selected.uid === d.uid) { selected = null; return; }
    selected = { cell: d.from, uid: d.uid };
    d.piece.classList.add("selected");
    if (d.from !== null) moveCursor(d.from);
  }
  function onCellTap(n) {
    moveCursor(n);
    if (!selected || state.cells[n]) return;
    if (selected.cell === null) send({ op: "place", cell: n, uid: selected.uid });
    else send({ op: "move", cell: selected.cell, to: n });
    selected = null;
  }

  // ---- the keyboard ------------------------------------------------------------------------------
  function moveCursor(n) {
    if (!state) { cursor = n; return; }
    const old = cellEl(cursor);
    if (old) old.classList.remove("cursor");
    cursor = n;
    const el = cellEl(n);
    if (el) {
      el.classList.add("cursor");
      tableEl.setAttribute("aria-activedescendant", el.id);
    }
  }

  // Where a seat keeps what it holds: its rack, or (in games that do not use them) its row's cells.
  // A WordSnake lane or a WORDCARD meld area is play, not a place to keep pieces.
  function seatCells(seat) {
    const g = state.geometry;
    const base = g.grid[0] * g.grid[1] + seat * g.seat_cells;
    const all = Array.from({ length: g.seat_cells }, (_, k) => base + k);
    const rack = state.zones.find((z) => z.seat === seat && z.kind === "rack");
    if (rack) return rack.cells.slice();
    const inZone = new Set(state.zones.flatMap((z) => z.cells));
    return all.filter((c) => !inZone.has(c));
  }

  function layLetter(letter) {
    if (state.cells[cursor]) { showMessage("That cell already holds a piece; Backspace takes it back.", "error"); return false; }
    const want = (p) => (letter === "?" ? p.text === "" : p.text.toUpperCase().startsWith(letter));
    const fromSeat = seatCells(mySeat).find((c) => state.cells[c] && want(state.cells[c]));
    if (fromSeat !== undefined) { send({ op: "move", cell: fromSeat, to: cursor }); return true; }
    const mine = myPlayer();
    const dealt = mine ? mine.rack.map((t) => t.uid) : [];
    const inBox = state.box.find((p) => want(p) && dealt.includes(p.uid)) || state.box.find(want);
    if (inBox) { send({ op: "place", cell: cursor, uid: inBox.uid }); return true; }
    showMessage(`No ${letter === "?" ? "blank" : letter} in your rack or in the box.`, "error");
    return false;
  }

  function takeBack(n) {
    if (!state.cells[n]) return;
    const free = seatCells(mySeat).find((c) => !state.cells[c]);
    if (free !== undefined && n < state.geometry.grid[0] * state.geometry.grid[1]) send({ op: "move", cell: n, to: free });
    else send({ op: "lift", cell: n });
  }

  function step(n, dir) {
    const [w, h] = state.geometry.grid;
    if (n >= w * h) return n;
    const r = Math.floor(n / w), c = n % w;
    const [dr, dc] = dir;
    const nr = Math.min(h - 1, Math.max(0, r + dr)), nc = Math.min(w - 1, Math.max(0, c + dc));
    return nr * w + nc;
  }

  tableEl.addEventListener("keydown", (ev) => {
    if (!state || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const key = ev.key;
    const arrows = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const forward = across ? [0, 1] : [1, 0];
    const back = across ? [0, -1] : [-1, 0];
    if (arrows[key]) { moveCursor(step(cursor, arrows[key])); }
    else if (/^[a-zA-Z?]$/.test(key)) { if (layLetter(key.toUpperCase())) moveCursor(step(cursor, forward)); }
    else if (key === "Backspace") {
      if (!state.cells[cursor]) moveCursor(step(cursor, back));
      takeBack(cursor);
    }
    else if (key === "Delete") { takeBack(cursor); }
    else if (/^[1-9]$/.test(key) && Number(key) <= state.geometry.buttons) { send({ op: "tap", seat: mySeat, button: Number(key) - 1 }); }
    else if (key === "Enter") {
      const labels = (state.session && state.session.buttons) || [];
      const done = labels.findIndex((l) => /^(done|ok)$/i.test(l || ""));
      send({ op: "tap", seat: mySeat, button: done >= 0 ? done : 0 });
    }
    else if (key === "/") { across = !across; showMessage(across ? "Typing goes across." : "Typing goes down.", "info"); }
    else return;
    ev.preventDefault();
  });

  $("my-seat").addEventListener("change", (ev) => {
    mySeat = Number(ev.target.value);
    localStorage.setItem("wordtable-seat", String(mySeat));
  });

  // ---- kiosk and settings ------------------------------------------------------------------------
  $("take-tiles").addEventListener("click", takeMyTiles);
  $("attract-wake").addEventListener("click", () => send({ op: "wake" }));
  $("settings-button").addEventListener("click", () => {
    $("settings-locked").hidden = !kiosk;
    $("settings-open").hidden = kiosk;
    $("settings-board").textContent = $("link-status").textContent;
    $("settings").showModal();
  });
  $("settings-unlock").addEventListener("click", async () => {
    const r = await fetch("/api/settings/unlock", {
      method: "POST", headers: { "Content-Type": "application/json", "X-Wordtable-Token": token },
      body: JSON.stringify({ pin: $("settings-pin").value }),
    });
    const body = await r.json();
    $("settings-pin").value = "";
    if (body.ok) { $("settings-locked").hidden = true; $("settings-open").hidden = false; $("settings-error").textContent = ""; }
    else $("settings-error").textContent = body.error;
  });
  $("opt-fullscreen").addEventListener("change", (ev) => {
    if (ev.target.checked) document.documentElement.requestFullscreen().catch(() => {});
    else if (document.fullscreenElement) document.exitFullscreen();
  });
  $("leave-kiosk").addEventListener("click", () => { document.body.classList.remove("kiosk"); $("settings").close(); });

  connect();
})();
