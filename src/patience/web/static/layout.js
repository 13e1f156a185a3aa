// Where piles and cards go on the table, from the piles' kind, row and column alone.
// Used for the live table and for the small layout pictures in the lobby.

import { indexDepth } from "./corner.js";

const RATIO = 1.4; // card height / width
const GAP = 0.12; // gap between piles, in card widths
const TARGET = 25; // px: a face-up card's strip, a 24 px target however the strip is rounded

/**
 * Pyramid-like layouts place piles on half-card columns: no row has two piles one column
 * apart, and some row has piles two columns apart. Rows then overlap by half a card.
 */
export function usesHalfColumns(piles) {
  const rows = new Map();
  for (const p of piles) {
    if (!rows.has(p.row)) rows.set(p.row, []);
    rows.get(p.row).push(p.column);
  }
  let twoApart = false;
  for (const cols of rows.values()) {
    cols.sort((a, b) => a - b);
    for (let i = 1; i < cols.length; i++) {
      const d = cols[i] - cols[i - 1];
      if (d === 1) return false;
      if (d === 2) twoApart = true;
    }
  }
  return twoApart;
}

/** Grid places with clashes resolved: a pile whose place is taken moves one column right. */
export function gridPlaces(piles) {
  const taken = new Set();
  return piles.map((p) => {
    let col = p.column;
    while (taken.has(`${p.row}:${col}`)) col += 1;
    taken.add(`${p.row}:${col}`);
    return { row: p.row, column: col };
  });
}

/**
 * Places with rows wider than `columns` wrapped onto more rows of even length (twelve piles
 * become two rows of six): a phone then shows every pile without cards too small to read.
 */
function wrapPlaces(places, columns) {
  const rows = [...new Set(places.map((p) => p.row))].sort((a, b) => a - b);
  const wrapped = new Map();
  let row = 0;
  for (const r of rows) {
    const width = Math.max(...places.filter((p) => p.row === r).map((p) => p.column)) + 1;
    const bands = Math.ceil(width / columns);
    wrapped.set(r, { first: row, per: Math.ceil(width / bands) });
    row += bands;
  }
  return places.map((p) => {
    const { first, per } = wrapped.get(p.row);
    return { row: first + Math.floor(p.column / per), column: p.column % per };
  });
}

function fans(pile, half) {
  return pile.kind === "tableau" && !half;
}

/** Card width that fits `slots` piles with their gaps into `width`. */
const fitWidth = (width, slots) => width / (slots + (slots + 1) * GAP);

/**
 * The table's geometry.
 * @param piles state piles (kind, row, column, cards, down)
 * @param width available width in CSS px; height: the height the table may use
 * @param mirror left-handed layout (columns right to left); largeIndex: cards show a large index
 * @param minCardW rows wrap rather than make cards narrower (0: never wrap), and cards shrink
 *   no further to fit the height: the table grows taller instead
 * Returns {width, height, cardW, cardH, piles: [{x, y, offsets: [dy per card], dx: [...]}]}.
 */
export function layoutTable(
  piles,
  { width, height, mirror = false, maxCardW = 150, largeIndex = false, minCardW = 0 },
) {
  const half = usesHalfColumns(piles);
  let places = gridPlaces(piles);
  const columnsOf = (laid) => Math.max(...laid.map((p) => p.column)) + 1;
  if (!half && fitWidth(width, columnsOf(places)) < minCardW) {
    const fitting = Math.floor((width / minCardW - GAP) / (1 + GAP));
    places = wrapPlaces(places, Math.max(1, fitting));
  }
  const maxCol = columnsOf(places) - 1;
  const maxRow = Math.max(...places.map((p) => p.row));
  const slots = half ? (maxCol + 2) / 2 : maxCol + 1;
  const widthFit = fitWidth(width, slots);
  // The table must also fit the height, with some room for each row of fans.
  const fixedRows = half ? (maxRow + 2) / 2 : maxRow + 1;
  const fanRows = new Set(piles.flatMap((p, i) => (fans(p, half) ? [places[i].row] : []))).size;
  const heightUnits = fixedRows * (1 + GAP) + fanRows * 0.9;
  const heightFit = height / (heightUnits * RATIO);
  const smallest = Math.max(18, Math.min(minCardW, widthFit));
  let cardW = Math.max(smallest, Math.min(widthFit, maxCardW, heightFit));
  const table = { piles, places, half, slots, maxRow, fixedRows, fanRows, width, height, mirror, largeIndex };
  let laid = placeCards(table, cardW);
  // Fans still too long with their face-up strips at their smallest: smaller cards.
  for (let i = 0; i < 3 && laid.height > height && cardW > smallest; i++) {
    cardW = Math.max(smallest, (cardW * height) / laid.height);
    laid = placeCards(table, cardW);
  }
  return laid;
}

/** The piles and cards of `table` (see layoutTable) placed with cards `cardW` wide. */
function placeCards(table, cardW) {
  const { piles, places, half, slots, maxRow, fixedRows, fanRows, width, height, mirror, largeIndex } = table;
  const cardH = cardW * RATIO;
  const gap = cardW * GAP;
  const colX = (col) => {
    const slot = half ? col / 2 : col;
    const x = gap + slot * (cardW + gap);
    return mirror ? width - x - cardW : x;
  };
  const left = (width - (slots * cardW + (slots + 1) * gap)) / 2;

  // Natural fan offsets: face-down cards tighter than face-up ones. A face-up card's strip
  // never gets smaller than its index (rank and suit) and a target.
  const downStep = cardH * 0.1;
  const minUpStep = Math.min(cardH, Math.max(indexDepth(cardW, largeIndex), Math.min(TARGET, cardH * 0.7)));
  const upStep = Math.max(cardH * (largeIndex ? 0.33 : 0.26), minUpStep);
  const extent = (p) => {
    const n = p.cards.length;
    if (n <= 1) return 0;
    const down = Math.min(p.down, n - 1);
    return down * downStep + (n - 1 - down) * upStep;
  };

  // Rows with fanned piles get room for their longest fan; when the table is too tall, long
  // fans compress to fit, down to their face-up cards' smallest strips.
  const rowFan = [];
  for (let r = 0; r <= maxRow; r++) {
    const fanned = piles.filter((p, i) => places[i].row === r && fans(p, half));
    rowFan[r] = fanned.length ? Math.max(cardH * 0.9, ...fanned.map((p) => extent(p))) : 0;
  }
  const rowStep = (r) => (half ? cardH / 2 + gap / 2 : cardH + gap + rowFan[r]);
  let natural = gap + (half ? cardH / 2 : 0);
  for (let r = 0; r <= maxRow; r++) natural += rowStep(r);
  const budget = Math.max(height, cardH * (fixedRows * (1 + GAP) + fanRows * 0.5));
  let squeeze = 1;
  const fanTotal = rowFan.reduce((a, b) => a + b, 0);
  if (natural > budget && fanTotal > 0) {
    squeeze = Math.max(0.3, (budget - (natural - fanTotal)) / fanTotal);
  }

  const fanned = piles.map((p, i) => {
    const offsets = [];
    const shifts = [];
    if (fans(p, half)) {
      const room = rowFan[places[i].row] * squeeze;
      const need = extent(p);
      const f = need > room && need > 0 ? room / need : 1;
      let dy = 0;
      p.cards.forEach((_, k) => {
        offsets.push(dy);
        shifts.push(0);
        dy += k < p.down ? downStep * f : Math.max(upStep * f, minUpStep);
      });
    } else if (p.kind === "waste") {
      // Show the top three of the waste slightly spread.
      const n = p.cards.length;
      const shown = Math.min(n, 3);
      const sign = mirror ? -1 : 1;
      p.cards.forEach((_, k) => {
        offsets.push(0);
        const fromTop = n - 1 - k;
        shifts.push(Math.max(0, shown - 1 - fromTop) * cardW * 0.18 * sign);
      });
    } else {
      p.cards.forEach(() => {
        offsets.push(0);
        shifts.push(0);
      });
    }
    return { offsets, shifts };
  });

  // Row tops: each fanned row as deep as its longest fan came out.
  const rowTop = [];
  let y = gap;
  for (let r = 0; r <= maxRow; r++) {
    rowTop[r] = y;
    if (half) {
      y += rowStep(r);
      continue;
    }
    const longest = Math.max(0, ...fanned.flatMap((f, i) => (places[i].row === r ? f.offsets : [])));
    y += cardH + gap + (rowFan[r] ? Math.max(rowFan[r] * squeeze, longest) : 0);
  }

  const laid = piles.map((p, i) => {
    const { row, column } = places[i];
    const x = left + colX(column) - (mirror ? 2 * left : 0);
    return { x, y: rowTop[row], ...fanned[i] };
  });
  let bottom = 0;
  laid.forEach((l) => {
    const last = l.offsets.length ? l.offsets[l.offsets.length - 1] : 0;
    bottom = Math.max(bottom, l.y + last + cardH);
  });
  return { width, height: bottom + gap, cardW, cardH, piles: laid };
}
