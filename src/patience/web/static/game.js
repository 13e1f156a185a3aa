// The game page: draws the table from the server's State and turns pointer, tap and keyboard
// input into moves. The browser knows no rules: every move comes from `state.legal` or is sent
// to the server, which answers with the new state or a reason.

import { backSVG, cardSVG, spriteSVG } from "./cards.js";
import { layoutTable } from "./layout.js";
import { cardName, describeMove, fmt, listNames, pileLabel, pileName } from "./names.js";
import { applySettings, listenToSettings, settings } from "./settings.js";
import { lang, pageUrl, pileEl, reduceMotion, t, tableEl } from "./page.js";
import { adopt, removalGame, state, stockIndex } from "./current.js";
import { say } from "./announce.js";
import { elapsed, hasStarted, resetClock, showClock, startClock, syncClock } from "./timer.js";
import { flipFirst, flipPlay } from "./flip.js";
import { updateStatus } from "./status.js";
import { closeDialogs, showDialog } from "./dialogs.js";

let held = null; // {pile, card, size}
let focusKey = null; // {pile, card}
let geometry = null;
let busy = Promise.resolve();
let pending = 0;
let suppressAuto = false;
let finishing = false;

// ------------------------------------------------------------------ server

async function send(path, body, method = "POST") {
  const response = await fetch(path, {
    method,
    headers: { "Content-Type": "application/json", "Accept-Language": lang },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  return { ok: response.ok, status: response.status, data };
}

/** Run requests one after another, each against the newest version. */
function queue(task) {
  pending += 1;
  tableEl.dataset.busy = "1";
  busy = busy
    .then(task)
    .catch(() => say(t.error_network, { show: true }))
    .finally(() => {
      pending -= 1;
      if (pending === 0) delete tableEl.dataset.busy;
    });
  return busy;
}

function handleError(result) {
  // After a refusal nothing plays by itself until the player moves again.
  suppressAuto = true;
  finishing = false;
  const error = result.data?.error;
  if (result.data?.state) setState(result.data.state, { quiet: true });
  else render();
  if (result.status === 409) say(t.resynced, { show: true });
  else say(error?.message ?? t.error_network, { show: true });
}

function play(text, { auto = false } = {}) {
  if (!auto) {
    suppressAuto = false;
    startClock();
  }
  return queue(async () => {
    const before = state;
    const result = await send(`/api/games/${state.id}/moves`, {
      version: state.version,
      move: text,
      elapsed_ms: Math.round(elapsed()),
    });
    if (result.ok) setState(result.data, { before, moveText: text });
    else handleError(result);
  });
}

function action(name, announceKey) {
  clearHold();
  suppressAuto = name === "undo";
  finishing = false;
  return queue(async () => {
    const result = await send(`/api/games/${state.id}/${name}`, {
      version: state.version,
      elapsed_ms: Math.round(elapsed()),
    });
    if (result.ok) {
      setState(result.data, { quiet: true });
      say(t[announceKey]);
    } else handleError(result);
  });
}

function newDeal() {
  clearHold();
  finishing = false;
  return queue(async () => {
    const result = await send("/api/games", {
      game: state.game,
      options: state.options,
      deal: null,
    });
    if (result.ok) {
      resetClock(result.data);
      setState(result.data, { quiet: true });
      history.pushState(null, "", pageUrl(result.data));
      say(fmt(t, "deal_number", { deal: result.data.deal }));
    } else handleError(result);
  });
}

function hint() {
  return queue(async () => {
    const result = await send(`/api/games/${state.id}/hint`, { version: state.version });
    if (!result.ok) return handleError(result);
    const found = result.data?.hint;
    if (!found) return say(t.hint_none, { show: true });
    const move = state.legal.find((m) => m.text === found.move);
    tableEl.querySelectorAll(".hint").forEach((el) => el.classList.remove("hint"));
    if (move) {
      const piles = move.kind === "stock" || move.kind === "redeal" ? [stockIndex()] : [move.src, move.dst];
      piles.filter((i) => i >= 0).forEach((i) => pileEl(i)?.classList.add("hint"));
    }
    const source = found.note || (found.source === "solver" ? t.hint_solver : t.hint_heuristic);
    let what = found.move;
    if (move?.kind === "stock") what = t.hint_stock;
    else if (move?.kind === "redeal") what = t.hint_redeal;
    else if (move) what = describeMove(t, state, found.move);
    say(`${fmt(t, "hint_move", { move: what })} ${source}`, { show: true });
  });
}

// ------------------------------------------------------------------ state

function setState(next, { before = null, moveText = null, quiet = false } = {}) {
  adopt(next);
  history.replaceState(null, "", pageUrl(state));
  render();
  if (!quiet && before && moveText) {
    let sentence = describeMove(t, before, moveText);
    const uncovered = state.last?.uncovered ?? [];
    if (uncovered.length) sentence += ` ${fmt(t, "announce_uncovered", { cards: listNames(t, uncovered) })}`;
    say(sentence);
  }
  afterState();
}

function afterState() {
  syncClock();
  if (state.outcome === "won") return showDialog("won");
  if (state.outcome === "lost") return showDialog("lost");
  closeDialogs();
  // Safe moves play themselves once the player has begun (so the clock starts with them).
  const auto = (settings.autoplay && hasStarted() && !suppressAuto) || finishing;
  if (auto && state.safe.length && !held) {
    setTimeout(() => {
      if (state.safe.length && !held) play(state.safe[0], { auto: true });
    }, reduceMotion.matches ? 30 : 160);
  }
}

// ------------------------------------------------------------------ drawing

function fans(p) {
  return geometry.piles[p.index].offsets.some((o) => o > 0);
}

/** Indices of a pile's cards that can be focused: a fan's face-up cards, else the top. */
function stopCards(p) {
  const n = p.cards.length;
  if (n === 0 || p.cards[n - 1] === null) return [];
  if (!fans(p)) return [n - 1];
  const first = p.cards.findIndex((c) => c !== null);
  return Array.from({ length: n - first }, (_, k) => first + k);
}

function render(animate = true) {
  const box = tableEl.parentElement.getBoundingClientRect();
  const height = Math.max(320, window.innerHeight - Math.min(tableEl.offsetTop, 240) - 16);
  geometry = layoutTable(state.piles, {
    width: box.width,
    height,
    mirror: settings.leftHanded,
    largeIndex: settings.largeIndex,
    maxCardW: Math.max(90, Math.min(260, window.innerHeight / 5.5)),
  });
  const before = animate ? flipFirst() : new Map();
  const hadFocus = tableEl.contains(document.activeElement);
  tableEl.style.setProperty("--cw", `${geometry.cardW}px`);
  tableEl.style.setProperty("--ch", `${geometry.cardH}px`);
  tableEl.style.height = `${geometry.height}px`;
  const look = { fourColour: settings.fourColour, largeIndex: settings.largeIndex };
  const back = backSVG();
  const frag = document.createDocumentFragment();
  state.piles.forEach((p, i) => {
    const g = geometry.piles[i];
    const el = document.createElement("div");
    el.className = `pile kind-${p.kind}`;
    el.dataset.pile = String(i);
    el.setAttribute("role", "group");
    el.setAttribute("aria-label", pileLabel(t, p));
    el.style.left = `${g.x}px`;
    el.style.top = `${g.y}px`;
    const stops = stopCards(p);
    const slot = document.createElement("div");
    slot.className = "slot";
    slot.dataset.pile = String(i);
    if (!stops.length) makeStop(slot, pileSlotLabel(p));
    el.append(slot);
    const name = pileName(t, p);
    // Stacked piles show only their top cards (their shadows would pile up into a dark edge).
    const lowest = fans(p) ? 0 : Math.max(0, p.cards.length - 3);
    p.cards.forEach((card, k) => {
      if (k < lowest) return;
      const c = document.createElement("div");
      c.className = card ? "card up" : "card down";
      c.dataset.pile = String(i);
      c.dataset.card = String(k);
      if (card) c.dataset.face = card;
      c.style.transform = `translate(${g.shifts[k]}px, ${g.offsets[k]}px)`;
      c.innerHTML = card ? cardSVG(card, look) : back;
      if (card && !p.free && k === p.cards.length - 1 && p.kind === "tableau") c.classList.add("covered");
      if (stops.includes(k)) {
        const position = fmt(t, "card_position", {
          card: cardName(t, card),
          n: k + 1,
          total: p.cards.length,
        });
        makeStop(c, `${position}, ${name}`);
      } else {
        c.setAttribute("aria-hidden", "true");
      }
      el.append(c);
    });
    if (p.kind === "stock") {
      const badge = document.createElement("span");
      badge.className = "count";
      badge.setAttribute("aria-hidden", "true");
      badge.textContent = String(p.cards.length);
      el.append(badge);
    }
    frag.append(el);
  });
  tableEl.replaceChildren(frag);
  markHold();
  restoreFocus(hadFocus);
  flipPlay(before);
  updateStatus();
  tableEl.dataset.version = String(state.version);
}

function pileSlotLabel(p) {
  let label = pileLabel(t, p);
  if (p.kind === "stock") {
    if (state.legal.some((m) => m.text === "s")) label += ` — ${t.stock_draw}`;
    else if (state.legal.some((m) => m.text === "r")) label += ` — ${t.stock_redeal}`;
  }
  return label;
}

function makeStop(el, label) {
  el.classList.add("stop");
  el.setAttribute("role", "button");
  el.setAttribute("tabindex", "-1");
  el.setAttribute("aria-label", label);
}

// ------------------------------------------------------------------ holding and moving

function movesFrom(h) {
  return state.legal.filter(
    (m) =>
      (m.kind === "transfer" && m.src === h.pile && m.size === h.size) ||
      (m.kind === "remove" && h.size === 1 && (m.src === h.pile || m.dst === h.pile) && m.dst !== -1),
  );
}

function targetOf(m, h) {
  return m.kind === "remove" && m.dst === h.pile ? m.src : m.dst;
}

function findMove(h, dst) {
  return movesFrom(h).find((m) => targetOf(m, h) === dst);
}

/** Notation for a move the browser does not know to be legal, so the server can say why not. */
function moveText(h, dst) {
  const a = state.piles[h.pile].code;
  const b = state.piles[dst].code;
  if (removalGame) return `x${a}+${b}`;
  const body = a.length === 1 && b.length === 1 ? a + b : `${a}-${b}`;
  return h.size > 1 ? `${body}:${h.size}` : body;
}

function hold(pile, card) {
  const p = state.piles[pile];
  held = { pile, card, size: p.cards.length - card };
  markHold();
  say(fmt(t, "held", { card: cardName(t, p.cards[card]) }));
}

function clearHold() {
  held = null;
  markHold();
}

function markHold() {
  tableEl.querySelectorAll(".held, .target").forEach((el) => el.classList.remove("held", "target"));
  tableEl.querySelectorAll("[aria-pressed]").forEach((el) => el.removeAttribute("aria-pressed"));
  if (!held) return;
  tableEl.querySelectorAll(`.card[data-pile="${held.pile}"]`).forEach((el) => {
    if (Number(el.dataset.card) >= held.card) el.classList.add("held");
    if (Number(el.dataset.card) === held.card) el.setAttribute("aria-pressed", "true");
  });
  for (const m of movesFrom(held)) pileEl(targetOf(m, held))?.classList.add("target");
}

function dropOn(dst) {
  const h = held;
  clearHold();
  if (dst === null || dst === h.pile) {
    render();
    return;
  }
  const move = findMove(h, dst);
  play(move ? move.text : moveText(h, dst));
}

function stockAction() {
  clearHold();
  if (state.legal.some((m) => m.text === "s")) return play("s");
  if (state.legal.some((m) => m.text === "r")) return play("r");
  return play("s"); // the server says why not
}

/** A tap, click, Enter or Space on a pile (card = null) or one of its cards. */
function activate(pile, card) {
  const p = state.piles[pile];
  if (held) {
    if (held.pile === pile) {
      if (p.kind === "stock") return stockAction();
      clearHold();
      return say(t.held_cancel);
    }
    return dropOn(pile);
  }
  const top = p.cards.length - 1;
  if (p.kind === "stock") {
    const faceUp = card !== null && p.cards[card];
    const usable = faceUp && state.legal.some((m) => m.kind === "remove" && (m.src === pile || m.dst === pile));
    if (!usable) return stockAction();
  }
  if (card === null || !p.cards[card]) return;
  const king = state.legal.find((m) => m.kind === "remove" && m.src === pile && m.dst === -1);
  if (king && card === top) return play(king.text);
  hold(pile, card);
}

/** Double-click or double-tap: send the card to a foundation if a move allows it. */
function toFoundation(pile, card) {
  clearHold();
  const p = state.piles[pile];
  const size = p.cards.length - card;
  const move = state.legal.find(
    (m) => m.kind === "transfer" && m.src === pile && m.size === size && state.piles[m.dst].kind === "foundation",
  );
  if (move) play(move.text);
  else render();
}

// ------------------------------------------------------------------ pointer: drag and tap

let press = null;
let lastTap = null;

function pileRects() {
  return state.piles.map((p, i) => {
    const g = geometry.piles[i];
    const last = g.offsets.length ? g.offsets[g.offsets.length - 1] : 0;
    const shift = g.shifts.length ? g.shifts[g.shifts.length - 1] : 0;
    return { i, x: g.x + Math.min(0, shift), y: g.y, w: geometry.cardW + Math.abs(shift), h: geometry.cardH + last };
  });
}

function dropTarget(rect) {
  const origin = tableEl.getBoundingClientRect();
  let best = null;
  let bestArea = 0;
  for (const r of pileRects()) {
    if (r.i === press.pile) continue;
    const x = Math.max(0, Math.min(rect.right, origin.left + r.x + r.w) - Math.max(rect.left, origin.left + r.x));
    const y = Math.max(0, Math.min(rect.bottom, origin.top + r.y + r.h) - Math.max(rect.top, origin.top + r.y));
    if (x * y > bestArea) {
      bestArea = x * y;
      best = r.i;
    }
  }
  return best;
}

tableEl.addEventListener("pointerdown", (e) => {
  if (e.button !== 0 || press) return;
  const el = e.target.closest(".card, .slot");
  if (!el) {
    // A tap on the bare table puts a held card back.
    if (held) {
      clearHold();
      say(t.held_cancel);
    }
    return;
  }
  const pile = Number(el.dataset.pile);
  const card = el.dataset.card === undefined ? null : Number(el.dataset.card);
  const p = state.piles[pile];
  const draggable = card !== null && p.cards[card] !== null;
  press = { pile, card, x: e.clientX, y: e.clientY, id: e.pointerId, draggable, dragging: false, els: [] };
  try {
    tableEl.setPointerCapture(e.pointerId);
  } catch {
    // Without capture the drag still follows moves over the table.
  }
  if (draggable) e.preventDefault();
});

tableEl.addEventListener("pointermove", (e) => {
  if (!press || e.pointerId !== press.id) return;
  const dx = e.clientX - press.x;
  const dy = e.clientY - press.y;
  if (!press.dragging) {
    if (!press.draggable || Math.hypot(dx, dy) < 6) return;
    press.dragging = true;
    held = { pile: press.pile, card: press.card, size: state.piles[press.pile].cards.length - press.card };
    markHold();
    press.els = [...tableEl.querySelectorAll(`.card[data-pile="${press.pile}"]`)].filter(
      (el) => Number(el.dataset.card) >= press.card,
    );
    press.base = press.els.map((el) => el.style.transform);
    press.els.forEach((el) => el.classList.add("dragging"));
  }
  press.els.forEach((el, k) => {
    el.style.transform = `translate(${dx}px, ${dy}px) ${press.base[k]}`;
  });
});

function endPress(e, cancelled) {
  if (!press || e.pointerId !== press.id) return;
  const p = press;
  if (p.dragging) {
    const dst = cancelled ? null : dropTarget(p.els[0].getBoundingClientRect());
    press = null;
    dropOn(dst);
    return;
  }
  press = null;
  if (cancelled) return;
  const now = performance.now();
  const double = lastTap && lastTap.pile === p.pile && lastTap.card === p.card && now - lastTap.time < 400;
  lastTap = double ? null : { pile: p.pile, card: p.card, time: now };
  focusKey = { pile: p.pile, card: p.card };
  if (double && p.card !== null && state.piles[p.pile].kind !== "stock") return toFoundation(p.pile, p.card);
  activate(p.pile, p.card);
}

tableEl.addEventListener("pointerup", (e) => endPress(e, false));
tableEl.addEventListener("pointercancel", (e) => endPress(e, true));

// ------------------------------------------------------------------ keyboard

function stops() {
  return [...tableEl.querySelectorAll(".stop")];
}

function anchor(el) {
  const r = el.getBoundingClientRect();
  const next = el.nextElementSibling;
  let h = r.height;
  if (next?.classList.contains("card")) h = Math.min(h, Math.max(4, next.getBoundingClientRect().top - r.top));
  return { x: r.left + r.width / 2, y: r.top + h / 2 };
}

function restoreFocus(hadFocus) {
  const all = stops();
  if (!all.length) return;
  let target = null;
  if (focusKey) {
    const inPile = all.filter((el) => Number(el.dataset.pile) === focusKey.pile);
    target =
      inPile.find((el) => el.dataset.card !== undefined && Number(el.dataset.card) === focusKey.card) ??
      inPile[inPile.length - 1] ??
      null;
  }
  target ??= all[0];
  all.forEach((el) => el.setAttribute("tabindex", el === target ? "0" : "-1"));
  if (hadFocus) target.focus({ preventScroll: true });
}

function focusStop(el) {
  stops().forEach((s) => s.setAttribute("tabindex", s === el ? "0" : "-1"));
  focusKey = { pile: Number(el.dataset.pile), card: el.dataset.card === undefined ? null : Number(el.dataset.card) };
  el.focus();
}

function moveFocus(key) {
  const current = document.activeElement?.closest?.(".stop");
  if (!current) return;
  const from = anchor(current);
  const vertical = key === "ArrowUp" || key === "ArrowDown";
  const sign = key === "ArrowDown" || key === "ArrowRight" ? 1 : -1;
  let best = null;
  let bestScore = Infinity;
  for (const el of stops()) {
    if (el === current) continue;
    const a = anchor(el);
    const along = (vertical ? a.y - from.y : a.x - from.x) * sign;
    const across = Math.abs(vertical ? a.x - from.x : a.y - from.y);
    if (along < 2) continue;
    const score = along * (vertical ? 1 : 10) + across * (vertical ? 10 : 1);
    if (score < bestScore) {
      bestScore = score;
      best = el;
    }
  }
  if (best) focusStop(best);
}

tableEl.addEventListener("keydown", (e) => {
  const el = e.target.closest?.(".stop");
  if (!el) return;
  if (e.key.startsWith("Arrow")) {
    e.preventDefault();
    moveFocus(e.key);
  } else if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    focusKey = { pile: Number(el.dataset.pile), card: el.dataset.card === undefined ? null : Number(el.dataset.card) };
    activate(Number(el.dataset.pile), el.dataset.card === undefined ? null : Number(el.dataset.card));
  }
});

document.addEventListener("keydown", (e) => {
  if (e.key === "Escape" && (held || press?.dragging)) {
    // Esc puts a held or dragged card back.
    e.preventDefault();
    press = null;
    clearHold();
    render(false);
    say(t.held_cancel);
    return;
  }
  if (e.target.closest?.("input, select, textarea, dialog") || e.altKey || e.metaKey) return;
  const key = e.key.toLowerCase();
  if (e.ctrlKey) {
    if (key === "z") action(e.shiftKey ? "redo" : "undo", e.shiftKey ? "announce_redo" : "announce_undo");
    else if (key === "y") action("redo", "announce_redo");
    else return;
    e.preventDefault();
    return;
  }
  if (key === "s") stockAction();
  else if (key === "r" && state.legal.some((m) => m.text === "r")) play("r");
  else if (key === "u") action("undo", "announce_undo");
  else if (key === "h") hint();
  else return;
  e.preventDefault();
});

// ------------------------------------------------------------------ clock

document.addEventListener("visibilitychange", () => {
  syncClock();
  if (!document.hidden) refresh();
});

/** Back in this tab: take up moves made in another tab meanwhile. */
function refresh() {
  return queue(async () => {
    const result = await send(`/api/games/${state.id}`, undefined, "GET");
    if (result.ok && result.data.version !== state.version) {
      clearHold();
      resetClock(result.data);
      setState(result.data, { quiet: true });
    }
  });
}
setInterval(showClock, 1000);

// ------------------------------------------------------------------ buttons and settings

const commands = {
  undo: () => action("undo", "announce_undo"),
  redo: () => action("redo", "announce_redo"),
  restart: () => {
    resetClock({ elapsed_ms: 0, moves_made: 0 });
    return action("restart", "announce_restart");
  },
  new: () => newDeal(),
  hint: () => hint(),
  finish: () => {
    finishing = true;
    afterState();
  },
  close: () => closeDialogs(),
  share: async () => {
    const url = new URL(pageUrl(state), location.href).href;
    try {
      await navigator.clipboard.writeText(url);
      say(t.share_done, { show: true });
    } catch {
      say(url, { show: true });
    }
  },
};

document.querySelectorAll("[data-command]").forEach((button) => {
  button.addEventListener("click", () => commands[button.dataset.command]());
});

listenToSettings(() => {
  render(false);
  afterState();
});

let resizeFrame = 0;
new ResizeObserver(() => {
  cancelAnimationFrame(resizeFrame);
  resizeFrame = requestAnimationFrame(() => render(false));
}).observe(tableEl.parentElement);

window.addEventListener("popstate", () => location.reload());

document.body.insertAdjacentHTML("afterbegin", spriteSVG(t));
applySettings();
render();
afterState();
document.body.dataset.ready = "1";
// For tests and curious players: the current state, read-only.
window.patience = { get state() { return state; } };
