// The game page: draws the table from the server's State and turns pointer, tap and keyboard
// input into moves. The browser knows no rules: every move comes from `state.legal` or is sent
// to the server, which answers with the new state or a reason.

import { say } from "./announce.js";
import { spriteSVG } from "./cards.js";
import { adopt, isLegal, state, stockIndex } from "./current.js";
import { closeDialogs, showDialog } from "./dialogs.js";
import { moveFocus, remember } from "./focus.js";
import { clearHold, held, hold, moveTo, putBack } from "./hold.js";
import { describeMove, fmt, listNames } from "./names.js";
import { lang, pageUrl, pileEl, placeOf, reduceMotion, t, tableEl } from "./page.js";
import { geometry, render } from "./render.js";
import { applySettings, listenToSettings, settings } from "./settings.js";
import { elapsed, hasStarted, resetClock, showClock, startClock, syncClock } from "./timer.js";

// ------------------------------------------------------------------ api

let busy = Promise.resolve();
let pending = 0;
let suppressAuto = false;
let finishing = false;

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

/** Clock, dialogs and the safe moves that play themselves, for the state just drawn. */
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

/** The Finish button: safe moves play themselves, one after another, until none is left. */
function finish() {
  finishing = true;
  afterState();
}

/** The version a command is meant for and the time played so far. */
const stamp = () => ({ version: state.version, elapsed_ms: Math.round(elapsed()) });

function play(text, { auto = false } = {}) {
  if (!auto) {
    suppressAuto = false;
    startClock();
  }
  return queue(async () => {
    const before = state;
    const result = await send(`/api/games/${state.id}/moves`, { ...stamp(), move: text });
    if (result.ok) setState(result.data, { before, moveText: text });
    else handleError(result);
  });
}

/** Undo, redo or restart, announced as `announce_<name>`. */
function action(name) {
  clearHold();
  suppressAuto = name === "undo";
  finishing = false;
  return queue(async () => {
    const result = await send(`/api/games/${state.id}/${name}`, stamp());
    if (result.ok) {
      setState(result.data, { quiet: true });
      say(t[`announce_${name}`]);
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

// ------------------------------------------------------------------ hint

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

// ------------------------------------------------------------------ actions

/** Put the held cards on pile `dst`; null (or their own pile) puts them back. */
function dropOn(dst) {
  const h = held;
  clearHold();
  if (dst === null || dst === h.pile) {
    render();
    return;
  }
  play(moveTo(h, dst));
}

function stockAction() {
  clearHold();
  if (isLegal("s")) return play("s");
  if (isLegal("r")) return play("r");
  return play("s"); // the server says why not
}

/** A tap, click, Enter or Space on a pile (card = null) or one of its cards. */
function activate(pile, card) {
  const p = state.piles[pile];
  if (held) {
    if (held.pile === pile) {
      if (p.kind === "stock") return stockAction();
      return putBack();
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

// ------------------------------------------------------------------ drag

let press = null;
let lastTap = null;

/** Whether a drag is under way. */
const dragging = () => Boolean(press?.dragging);

/** Forget the press under way (the Escape key puts its cards back). */
function abandonPress() {
  press = null;
}

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

function down(e) {
  if (e.button !== 0 || press) return;
  const el = e.target.closest(".card, .slot");
  if (!el) {
    // A tap on the bare table puts a held card back.
    if (held) putBack();
    return;
  }
  const { pile, card } = placeOf(el);
  const p = state.piles[pile];
  const draggable = card !== null && p.cards[card] !== null;
  press = { pile, card, x: e.clientX, y: e.clientY, id: e.pointerId, draggable, dragging: false, els: [] };
  try {
    tableEl.setPointerCapture(e.pointerId);
  } catch {
    // Without capture the drag still follows moves over the table.
  }
  if (draggable) e.preventDefault();
}

function move(e) {
  if (!press || e.pointerId !== press.id) return;
  const dx = e.clientX - press.x;
  const dy = e.clientY - press.y;
  if (!press.dragging) {
    if (!press.draggable || Math.hypot(dx, dy) < 6) return;
    press.dragging = true;
    hold(press.pile, press.card, { quiet: true });
    press.els = [...tableEl.querySelectorAll(`.card[data-pile="${press.pile}"]`)].filter(
      (el) => Number(el.dataset.card) >= press.card,
    );
    press.base = press.els.map((el) => el.style.transform);
    press.els.forEach((el) => el.classList.add("dragging"));
  }
  press.els.forEach((el, k) => {
    el.style.transform = `translate(${dx}px, ${dy}px) ${press.base[k]}`;
  });
}

function end(e, cancelled) {
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
  remember({ pile: p.pile, card: p.card });
  if (double && p.card !== null && state.piles[p.pile].kind !== "stock") return toFoundation(p.pile, p.card);
  activate(p.pile, p.card);
}

function listenToPointer() {
  tableEl.addEventListener("pointerdown", down);
  tableEl.addEventListener("pointermove", move);
  tableEl.addEventListener("pointerup", (e) => end(e, false));
  tableEl.addEventListener("pointercancel", (e) => end(e, true));
}

// ------------------------------------------------------------------ keyboard

function onTable(e) {
  const el = e.target.closest?.(".stop");
  if (!el) return;
  if (e.key.startsWith("Arrow")) {
    e.preventDefault();
    moveFocus(e.key);
  } else if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    const place = placeOf(el);
    remember(place);
    activate(place.pile, place.card);
  }
}

function onPage(e) {
  if (e.key === "Escape" && (held || dragging())) {
    // Esc puts a held or dragged card back.
    e.preventDefault();
    abandonPress();
    putBack();
    render(false);
    return;
  }
  if (e.target.closest?.("input, select, textarea, dialog") || e.altKey || e.metaKey) return;
  const key = e.key.toLowerCase();
  if (e.ctrlKey) {
    if (key === "z") action(e.shiftKey ? "redo" : "undo");
    else if (key === "y") action("redo");
    else return;
    e.preventDefault();
    return;
  }
  if (key === "s") stockAction();
  else if (key === "r" && isLegal("r")) play("r");
  else if (key === "u") action("undo");
  else if (key === "h") hint();
  else return;
  e.preventDefault();
}

function listenToKeys() {
  tableEl.addEventListener("keydown", onTable);
  document.addEventListener("keydown", onPage);
}

// ------------------------------------------------------------------ commands

const commands = {
  undo: () => action("undo"),
  redo: () => action("redo"),
  restart: () => {
    resetClock({ elapsed_ms: 0, moves_made: 0 });
    return action("restart");
  },
  new: () => newDeal(),
  hint: () => hint(),
  finish: () => finish(),
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

function listenToButtons() {
  document.querySelectorAll("[data-command]").forEach((button) => {
    button.addEventListener("click", () => commands[button.dataset.command]());
  });
}

// ------------------------------------------------------------------ wiring

listenToPointer();
listenToKeys();

document.addEventListener("visibilitychange", () => {
  syncClock();
  if (!document.hidden) refresh();
});
setInterval(showClock, 1000);

listenToButtons();
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
