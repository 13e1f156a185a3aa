// A table drawn once, to be looked at only (the duel's final tables): no focus stops, no
// input. The cards are laid out as on the board (layout.js), smaller.

import { backSVG, cardSVG } from "./cards.js";
import { MIN_CARD_W, cornerIndex } from "./corner.js";
import { layoutTable } from "./layout.js";
import { settings } from "./settings.js";

const HEIGHT = 520;
const LARGEST_CARD_W = 100;

/** Draw `piles` (a State's) into `el`, as wide as its box. */
export function drawFinal(el, piles) {
  const geometry = layoutTable(piles, {
    width: el.getBoundingClientRect().width,
    height: HEIGHT,
    mirror: settings.leftHanded,
    largeIndex: settings.largeIndex,
    minCardW: Math.min(MIN_CARD_W, LARGEST_CARD_W),
    maxCardW: LARGEST_CARD_W,
  });
  el.style.setProperty("--cw", `${geometry.cardW}px`);
  el.style.setProperty("--ch", `${geometry.cardH}px`);
  el.style.height = `${geometry.height}px`;
  const look = { fourColour: settings.fourColour, index: cornerIndex(geometry.cardW, settings.largeIndex) };
  const back = backSVG();
  const drawn = piles.map((p, i) => {
    const g = geometry.piles[i];
    const pile = document.createElement("div");
    pile.className = `pile kind-${p.kind}`;
    pile.style.left = `${g.x}px`;
    pile.style.top = `${g.y}px`;
    const slot = document.createElement("div");
    slot.className = "slot";
    pile.append(slot);
    p.cards.forEach((card, k) => {
      const c = document.createElement("div");
      c.className = card ? "card up" : "card down";
      c.style.transform = `translate(${g.shifts[k]}px, ${g.offsets[k]}px)`;
      c.innerHTML = card ? cardSVG(card, look) : back;
      pile.append(c);
    });
    return pile;
  });
  el.replaceChildren(...drawn);
}
