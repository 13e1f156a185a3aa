// FLIP animation: remember where each face-up card was, then slide it from there.

import { reduceMotion, tableEl } from "./page.js";

export function flipFirst() {
  const seen = new Map();
  if (reduceMotion.matches) return seen;
  tableEl.querySelectorAll(".card.up").forEach((el) => {
    seen.set(`${el.dataset.face}#${el.dataset.pile}`, el.getBoundingClientRect());
    if (!seen.has(el.dataset.face)) seen.set(el.dataset.face, el.getBoundingClientRect());
  });
  return seen;
}

export function flipPlay(before) {
  if (!before.size) return;
  tableEl.querySelectorAll(".card.up").forEach((el) => {
    const old = before.get(`${el.dataset.face}#${el.dataset.pile}`) ?? before.get(el.dataset.face);
    if (!old) return;
    const now = el.getBoundingClientRect();
    const dx = old.left - now.left;
    const dy = old.top - now.top;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return;
    const base = el.style.transform;
    el.animate(
      [{ transform: `translate(${dx}px, ${dy}px) ${base}`, zIndex: 50 }, { transform: base, zIndex: 50 }],
      { duration: 200, easing: "ease-out" },
    );
  });
}
