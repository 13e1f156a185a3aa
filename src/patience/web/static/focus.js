// Keyboard focus on the table: one focus stop in the tab order (roving tabindex), kept on the
// same pile and card across redraws, and moved by arrow keys to the nearest stop that way.

import { placeOf, tableEl } from "./page.js";

let focusKey = null; // {pile, card}

/** Remember the pile and card the player last acted on, to focus after a redraw. */
export function remember(place) {
  focusKey = place;
}

function stops() {
  return [...tableEl.querySelectorAll(".stop")];
}

/** Make `target` the one stop in the tab order. */
function rove(all, target) {
  all.forEach((el) => el.setAttribute("tabindex", el === target ? "0" : "-1"));
}

function anchor(el) {
  const r = el.getBoundingClientRect();
  const next = el.nextElementSibling;
  let h = r.height;
  if (next?.classList.contains("card")) h = Math.min(h, Math.max(4, next.getBoundingClientRect().top - r.top));
  return { x: r.left + r.width / 2, y: r.top + h / 2 };
}

export function restoreFocus(hadFocus) {
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
  rove(all, target);
  if (hadFocus) target.focus({ preventScroll: true });
}

function focusStop(el) {
  rove(stops(), el);
  remember(placeOf(el));
  el.focus();
}

/** Move focus for an arrow key. */
export function moveFocus(key) {
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
