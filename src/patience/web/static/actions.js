// What a gesture on the table means, whether by pointer or keyboard: pick up, put down,
// deal from the stock, or send a card to a foundation.

import { play } from "./api.js";
import { isLegal, state } from "./current.js";
import { clearHold, held, hold, moveTo, putBack } from "./hold.js";
import { render } from "./render.js";

/** Put the held cards on pile `dst`; null (or their own pile) puts them back. */
export function dropOn(dst) {
  const h = held;
  clearHold();
  if (dst === null || dst === h.pile) {
    render();
    return;
  }
  play(moveTo(h, dst));
}

export function redeal() {
  clearHold();
  return play("r"); // if it is not allowed now, the server says why
}

export function stockAction() {
  clearHold();
  if (isLegal("s")) return play("s");
  if (isLegal("r")) return play("r");
  return play("s"); // the server says why not
}

/** A tap, click, Enter or Space on a pile (card = null) or one of its cards. */
export function activate(pile, card) {
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
export function toFoundation(pile, card) {
  clearHold();
  const p = state.piles[pile];
  const size = p.cards.length - card;
  const move = state.legal.find(
    (m) => m.kind === "transfer" && m.src === pile && m.size === size && state.piles[m.dst].kind === "foundation",
  );
  if (move) play(move.text);
  else render();
}
