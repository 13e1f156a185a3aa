// Words for cards, piles and moves in the page's language (strings from ui_strings.py).

import { parseCard } from "./cards.js";
import { redealKind } from "./page.js";
import { fmt, fmtCount } from "./text.js";

export { fmt, fmtCount };

export function cardName(t, text) {
  if (!text) return t.card_down;
  const { rank, suit } = parseCard(text);
  const rankWord = t[`rank_${rank}`] ?? String(rank);
  return fmt(t, "card_label", { rank: rankWord, suit: t[`suit_${suit}`] });
}

/** "Column 3", "Foundation 2", "Cell a", "Stock", … from the pile's kind and code. */
export function pileName(t, pile) {
  const code = pile.code;
  const number = code.replace(/^[a-z]+/, "") || code;
  switch (pile.kind) {
    case "tableau":
      return fmt(t, /^p\d/.test(code) ? "kind_pyramid" : "kind_tableau", { code: number });
    case "foundation":
      return code === "h" ? t.kind_heap : fmt(t, "kind_foundation", { code: number });
    case "cell":
      return fmt(t, /^r\d/.test(code) ? "kind_reserve" : "kind_cell", { code: number });
    case "stock":
      return t.kind_stock;
    case "waste":
      return t.kind_waste;
    default:
      return code;
  }
}

export function pileLabel(t, pile) {
  const n = pile.cards.length;
  const content = n === 0 ? t.pile_empty : fmtCount(t, "count_cards", n);
  return fmt(t, "pile_label", { pile: pileName(t, pile), content });
}

export function listNames(t, cards) {
  const names = cards.map((c) => cardName(t, c));
  if (names.length < 2) return names.join("");
  return `${names.slice(0, -1).join(", ")} ${t.and} ${names[names.length - 1]}`;
}

/** A sentence describing `moveText` as played from the state `before`; `advice` words it as a
 * move to make (a hint) rather than one made. */
export function describeMove(t, before, moveText, { advice = false } = {}) {
  const move = before.legal.find((m) => m.text === moveText);
  if (!move || move.kind === "stock") return advice ? t.hint_stock : t.announce_stock;
  if (move.kind === "redeal") return t[`${advice ? "hint" : "announce"}_redeal_${redealKind}`];
  const top = (i) => {
    const cards = before.piles[i].cards;
    return cards[cards.length - 1];
  };
  if (move.kind === "remove") {
    const cards = [top(move.src)];
    if (move.dst >= 0) cards.push(top(move.dst));
    return fmt(t, advice ? "hint_remove" : "announce_remove", { cards: listNames(t, cards) });
  }
  const src = before.piles[move.src].cards;
  const card = src[src.length - move.size];
  return fmt(t, "announce_move", {
    card: cardName(t, card),
    pile: pileName(t, before.piles[move.dst]),
  });
}
