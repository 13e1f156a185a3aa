// A card's corner index: its rank with the suit beside it, at the top left, so that the strip
// a fan leaves uncovered shows both. Sizes are in the card's 200×280 drawing box; small cards
// get a larger index so that rank and suit stay legible.

export const CARD_BOX = { w: 200, h: 280 };

const MARGIN = 6;
const LEGIBLE_PX = 13; // rank font size and suit height, at the least
const RANK_FONT = 0.86; // font size of the rank symbols (cards.js) / their box
const SUIT_FILL = 0.85; // height of the shortest suit shape (the heart) / its box
const NORMAL = { rank: 48, suit: 34 };
const LARGE = { rank: 84, suit: 68 };

/**
 * The index of a card `cardW` CSS px wide: rank box and suit size, where they go, and `depth`,
 * how far down the card the index reaches. `enlarged`: the index is larger than on a classic
 * card, and the card's middle shows one large suit sign instead of pips.
 */
export function cornerIndex(cardW, large = false) {
  const units = CARD_BOX.w / cardW;
  const base = large ? LARGE : NORMAL;
  const rank = Math.max(base.rank, (LEGIBLE_PX / RANK_FONT) * units);
  const suit = Math.max(base.suit, (LEGIBLE_PX / SUIT_FILL) * units);
  const suitY = Math.max(MARGIN + rank * 0.49, MARGIN + suit / 2);
  return {
    rank,
    suit,
    rankAt: [MARGIN, MARGIN],
    suitAt: [MARGIN + rank * 0.98 + suit / 2, suitY],
    depth: Math.max(MARGIN + rank * 1.08, suitY + suit / 2) + 4,
    enlarged: large || rank > NORMAL.rank,
  };
}

/** How many CSS px of a card's top its index needs to be seen whole. */
export function indexDepth(cardW, large = false) {
  return (cornerIndex(cardW, large).depth * cardW) / CARD_BOX.w;
}

/** The narrowest card whose legible index fits its width. */
export const MIN_CARD_W = Math.ceil(
  ((0.98 * LEGIBLE_PX) / RANK_FONT + LEGIBLE_PX / SUIT_FILL) * (CARD_BOX.w / (CARD_BOX.w - 2 * MARGIN)),
);
