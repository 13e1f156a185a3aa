// Drawing the table from the state: piles, cards, their labels and focus stops.

import { backSVG, cardSVG } from "./cards.js";
import { isLegal, state } from "./current.js";
import { flipFirst, flipPlay } from "./flip.js";
import { restoreFocus } from "./focus.js";
import { markHold } from "./hold.js";
import { MIN_CARD_W, cornerIndex } from "./corner.js";
import { layoutTable } from "./layout.js";
import { cardName, fmt, pileLabel, pileName } from "./names.js";
import { $, redealKind, t, tableEl } from "./page.js";
import { settings } from "./settings.js";
import { updateStatus } from "./status.js";

export let geometry = null;

/** How much larger or smaller than the table's own fit the player wants the cards. */
const CARD_SCALE = { small: 0.8, medium: 1, large: 1.25 };

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

/** Draw the table of the game page, with its toolbar's figures. */
export function render(animate = true) {
  drawTable(animate);
  $("#redeal")?.classList.remove("hint"); // a hint's mark lasts until the table changes
  updateStatus();
}

/** Draw the piles of the state (the game page's, or a reviewed position). */
export function drawTable(animate = true) {
  const box = tableEl.parentElement.getBoundingClientRect();
  const height = Math.max(320, window.innerHeight - Math.min(tableEl.offsetTop, 240) - 16);
  const scale = CARD_SCALE[settings.cardSize] ?? 1;
  geometry = layoutTable(state.piles, {
    width: box.width,
    height: height * scale,
    mirror: settings.leftHanded,
    largeIndex: settings.largeIndex,
    minCardW: MIN_CARD_W,
    maxCardW: Math.max(90, Math.min(260, window.innerHeight / 5.5)) * scale,
  });
  const before = animate ? flipFirst() : new Map();
  const hadFocus = tableEl.contains(document.activeElement);
  tableEl.style.setProperty("--cw", `${geometry.cardW}px`);
  tableEl.style.setProperty("--ch", `${geometry.cardH}px`);
  tableEl.style.height = `${geometry.height}px`;
  const look = { fourColour: settings.fourColour, index: cornerIndex(geometry.cardW, settings.largeIndex) };
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
      // A card that others lie on (a pyramid's): seen darker, and said not to be free.
      const covered = card && !p.free && k === p.cards.length - 1 && p.kind === "tableau";
      if (covered) c.classList.add("covered");
      if (stops.includes(k)) {
        const position = fmt(t, "card_position", {
          card: cardName(t, card),
          n: k + 1,
          total: p.cards.length,
        });
        makeStop(c, covered ? `${position}, ${name}, ${t.card_covered}` : `${position}, ${name}`);
        if (covered) c.setAttribute("aria-disabled", "true");
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
  tableEl.dataset.version = String(state.version);
}

function pileSlotLabel(p) {
  let label = pileLabel(t, p);
  if (p.kind === "stock") {
    if (isLegal("s")) label += ` — ${t.stock_draw}`;
    else if (isLegal("r")) label += ` — ${t[`stock_redeal_${redealKind}`]}`;
  }
  return label;
}

function makeStop(el, label) {
  el.classList.add("stop");
  el.setAttribute("role", "button");
  el.setAttribute("tabindex", "-1");
  el.setAttribute("aria-label", label);
}
