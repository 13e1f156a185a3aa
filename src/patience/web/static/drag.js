// Pointer input on the table (Pointer Events): a drag carries cards to the pile they overlap
// most; a tap acts like Enter, and a second tap on the same card soon after sends it home.

import { activate, dropOn, toFoundation } from "./actions.js";
import { state } from "./current.js";
import { remember } from "./focus.js";
import { held, hold, putBack } from "./hold.js";
import { placeOf, tableEl } from "./page.js";
import { geometry } from "./render.js";

let press = null;
let lastTap = null;

/** Whether a drag is under way. */
export const dragging = () => Boolean(press?.dragging);

/** Forget the press under way (the Escape key puts its cards back). */
export function abandonPress() {
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

export function listenToPointer() {
  tableEl.addEventListener("pointerdown", down);
  tableEl.addEventListener("pointermove", move);
  tableEl.addEventListener("pointerup", (e) => end(e, false));
  tableEl.addEventListener("pointercancel", (e) => end(e, true));
}
