// Our own SVG playing cards: corner indices, pips or a framed face, and a back.
// Every card is drawn in a 200×280 box and scales crisply to any size.

import { CARD_BOX, cornerIndex } from "./corner.js";

const { w: W, h: H } = CARD_BOX;

// Suit shapes in a 100×100 box, drawn for this project.
const SUIT_PATHS = {
  H: "M50 90C22 66 4 49 4 30 4 15 15 5 28 5c10 0 18 6 22 14C54 11 62 5 72 5c13 0 24 10 24 25 0 19-18 36-46 60z",
  D: "M50 3 88 50 50 97 12 50z",
  S: "M50 4C78 30 96 44 96 61c0 13-10 21-22 21-8 0-15-4-19-10 1 11 5 18 13 24H32c8-6 12-13 13-24-4 6-11 10-19 10C14 82 4 74 4 61 4 44 22 30 50 4z",
  C: "M50 6a20 20 0 0 1 17 31 20 20 0 1 1-8 33c1 11 5 19 12 25H29c7-6 11-14 12-25a20 20 0 1 1-8-33A20 20 0 0 1 50 6z",
};

const TWO_COLOUR = { C: "#1b1b1b", S: "#1b1b1b", H: "#c8102e", D: "#c8102e" };
const FOUR_COLOUR = { C: "#15803d", S: "#1b1b1b", H: "#c8102e", D: "#1d4ed8" };

// Pip centres (x, y in the card box) for ranks 2–10; pips below the middle are turned over.
const COL = { L: 62, M: 100, R: 138 };
const PIPS = {
  2: [["M", 70], ["M", 210]],
  3: [["M", 70], ["M", 140], ["M", 210]],
  4: [["L", 70], ["R", 70], ["L", 210], ["R", 210]],
  5: [["L", 70], ["R", 70], ["M", 140], ["L", 210], ["R", 210]],
  6: [["L", 70], ["R", 70], ["L", 140], ["R", 140], ["L", 210], ["R", 210]],
  7: [["L", 70], ["R", 70], ["M", 105], ["L", 140], ["R", 140], ["L", 210], ["R", 210]],
  8: [["L", 70], ["R", 70], ["M", 105], ["L", 140], ["R", 140], ["M", 175], ["L", 210], ["R", 210]],
  9: [["L", 64], ["R", 64], ["L", 113], ["R", 113], ["M", 140], ["L", 167], ["R", 167], ["L", 216], ["R", 216]],
  10: [["L", 64], ["R", 64], ["M", 96], ["L", 113], ["R", 113], ["L", 167], ["R", 167], ["M", 184], ["L", 216], ["R", 216]],
};

const RANK_OF = { A: 1, T: 10, J: 11, Q: 12, K: 13 };

/** The rank (1–13) and suit letter of a two-character card text such as "TD". */
export function parseCard(text) {
  const r = text[0];
  return { rank: RANK_OF[r] ?? Number(r), suit: text[1] };
}

function suitShape(suit, x, y, size, colour, flip = false) {
  const s = size / 100;
  const turn = flip ? ` rotate(180 50 50)` : "";
  return `<path d="${SUIT_PATHS[suit]}" fill="${colour}" transform="translate(${x - size / 2} ${y - size / 2}) scale(${s})${turn}"/>`;
}

function indexLabel(rank, t) {
  if (rank === 1 || rank > 10) return t[`index_${rank}`] ?? String(rank);
  return String(rank);
}

/** The index (corner.js): the rank symbol, then the suit shape beside it. */
function corner(rank, suit, colour, index) {
  const [x, y] = index.rankAt;
  const [sx, sy] = index.suitAt;
  return (
    `<use href="#rank-${rank}" x="${x}" y="${y}" width="${index.rank}" height="${index.rank}" fill="${colour}"/>` +
    suitShape(suit, sx, sy, index.suit, colour)
  );
}

/**
 * The rank letters as SVG symbols, put once into the page: cards then hold no text of their
 * own (their accessible name is their label), and the letters follow the page's language.
 */
export function spriteSVG(t) {
  const font = "system-ui, 'DejaVu Sans', sans-serif";
  const serif = "Georgia, 'DejaVu Serif', serif";
  let symbols = "";
  for (let rank = 1; rank <= 13; rank++) {
    const label = indexLabel(rank, t);
    const squeeze = label.length > 1 ? ` textLength="96" lengthAdjust="spacingAndGlyphs"` : "";
    symbols +=
      `<symbol id="rank-${rank}" viewBox="0 0 100 100"><text x="50" y="80" font-size="86"` +
      ` text-anchor="middle" font-weight="700" font-family="${font}"${squeeze}>${label}</text></symbol>`;
    if (rank > 10) {
      symbols +=
        `<symbol id="face-${rank}" viewBox="0 0 100 100"><text x="50" y="86" font-size="100"` +
        ` text-anchor="middle" font-weight="700" font-family="${serif}">${label}</text></symbol>`;
    }
  }
  const lattice =
    `<pattern id="card-lattice" width="20" height="20" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">` +
    `<rect width="20" height="20" fill="var(--back-a)"/><rect width="10" height="20" fill="var(--back-b)"/></pattern>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true" focusable="false"` +
    ` class="sprite"><defs>${symbols}${lattice}</defs></svg>`
  );
}

function centre(rank, suit, colour, enlarged) {
  if (enlarged) {
    // Beside a large index the middle stays calm: one big suit sign.
    return suitShape(suit, 126, 200, 120, colour);
  }
  if (rank === 1) return suitShape(suit, 100, 140, 96, colour);
  if (rank > 10) {
    return (
      `<rect x="46" y="52" width="108" height="176" rx="10" fill="none" stroke="${colour}" stroke-width="4"/>` +
      `<rect x="54" y="60" width="92" height="160" rx="6" fill="${colour}" opacity="0.08"/>` +
      suitShape(suit, 100, 96, 46, colour) +
      `<use href="#face-${rank}" x="58" y="118" width="84" height="84" fill="${colour}"/>`
    );
  }
  return PIPS[rank]
    .map(([c, y]) => suitShape(suit, COL[c], y, 38, colour, y > 140))
    .join("");
}

/** SVG markup of a face-up card; `index` from cornerIndex (corner.js), a classic one by default. */
export function cardSVG(text, { fourColour = false, index = cornerIndex(W) } = {}) {
  const { rank, suit } = parseCard(text);
  const colour = (fourColour ? FOUR_COLOUR : TWO_COLOUR)[suit];
  // A large index is shown once, top left, where a fanned card stays visible.
  const turned = index.enlarged ? "" : `<g transform="rotate(180 100 140)">${corner(rank, suit, colour, index)}</g>`;
  const body = corner(rank, suit, colour, index) + turned + centre(rank, suit, colour, index.enlarged);
  return (
    `<svg viewBox="0 0 ${W} ${H}" aria-hidden="true" focusable="false" class="face">` +
    `<rect x="1.5" y="1.5" width="197" height="277" rx="14" fill="var(--card-face)" stroke="var(--card-edge)" stroke-width="3"/>` +
    body +
    `</svg>`
  );
}

/** SVG markup of a card's back: a lattice (defined in the sprite) in the table's colours. */
export function backSVG() {
  return (
    `<svg viewBox="0 0 ${W} ${H}" aria-hidden="true" focusable="false" class="back">` +
    `<rect x="1.5" y="1.5" width="197" height="277" rx="14" fill="var(--card-face)" stroke="var(--card-edge)" stroke-width="3"/>` +
    `<rect x="14" y="14" width="172" height="252" rx="8" fill="url(#card-lattice)"/>` +
    `</svg>`
  );
}
