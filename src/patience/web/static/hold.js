// The held card (picked up by a tap, Enter or a drag) and the moves it has: the targets shown,
// the move to a pile, or notation the server can refuse with a reason.

import { pileEl, t, tableEl } from "./page.js";
import { removalGame, state } from "./current.js";
import { say } from "./announce.js";
import { cardName, fmt } from "./names.js";

export let held = null; // {pile, card, size}

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

/** Notation for the held cards onto `dst`: a legal move's, else one the server can say no to. */
export function moveTo(h, dst) {
  const move = movesFrom(h).find((m) => targetOf(m, h) === dst);
  if (move) return move.text;
  const a = state.piles[h.pile].code;
  const b = state.piles[dst].code;
  if (removalGame) return `x${a}+${b}`;
  const body = a.length === 1 && b.length === 1 ? a + b : `${a}-${b}`;
  return h.size > 1 ? `${body}:${h.size}` : body;
}

/** Pick up a card and those above it; a drag does so without a word. */
export function hold(pile, card, { quiet = false } = {}) {
  const p = state.piles[pile];
  held = { pile, card, size: p.cards.length - card };
  markHold();
  if (!quiet) say(fmt(t, "held", { card: cardName(t, p.cards[card]) }));
}

export function clearHold() {
  held = null;
  markHold();
}

/** Put the held card back and say so. */
export function putBack() {
  clearHold();
  say(t.held_cancel);
}

export function markHold() {
  tableEl.querySelectorAll(".held, .target").forEach((el) => el.classList.remove("held", "target"));
  tableEl.querySelectorAll("[aria-pressed]").forEach((el) => el.removeAttribute("aria-pressed"));
  if (!held) return;
  tableEl.querySelectorAll(`.card[data-pile="${held.pile}"]`).forEach((el) => {
    if (Number(el.dataset.card) >= held.card) el.classList.add("held");
    if (Number(el.dataset.card) === held.card) el.setAttribute("aria-pressed", "true");
  });
  for (const m of movesFrom(held)) pileEl(targetOf(m, held))?.classList.add("target");
}
