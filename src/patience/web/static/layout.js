// Where piles and cards go on the table, from the piles' kind, row and column alone.
// Used for the live table and for the small layout pictures in the lobby.

const RATIO = 1.4; // card height / width
const GAP = 0.12; // gap between piles, in card widths

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

function fans(pile, half) {
  return pile.kind === "tableau" && !half;
}

/**
 * The table's geometry.
 * @param piles state piles (kind, row, column, cards, down)
 * @param width available width in CSS px; height: the height the table may use
 * @param mirror left-handed layout (columns right to left); largeIndex: fans show more of a card
 * Returns {width, height, cardW, cardH, piles: [{x, y, offsets: [dy per card], dx: [...]}]}.
 */
export function layoutTable(piles, { width, height, mirror = false, maxCardW = 150, largeIndex = false }) {
  const half = usesHalfColumns(piles);
  const places = gridPlaces(piles);
  const maxCol = Math.max(...places.map((p) => p.column));
  const maxRow = Math.max(...places.map((p) => p.row));
  const slots = half ? (maxCol + 2) / 2 : maxCol + 1;
  const unitCards = slots + (slots + 1) * GAP;
  let cardW = Math.min(width / unitCards, maxCardW);
  // The table must also fit the height, with some room for each row of fans.
  const fixedRows = half ? (maxRow + 2) / 2 : maxRow + 1;
  const fanRows = new Set(piles.flatMap((p, i) => (fans(p, half) ? [places[i].row] : []))).size;
  const heightUnits = fixedRows * (1 + GAP) + fanRows * 0.9;
  cardW = Math.max(18, Math.min(cardW, height / (heightUnits * RATIO)));
  const cardH = cardW * RATIO;
  const gap = cardW * GAP;
  const colX = (col) => {
    const slot = half ? col / 2 : col;
    const x = gap + slot * (cardW + gap);
    return mirror ? width - x - cardW : x;
  };
  const left = (width - (slots * cardW + (slots + 1) * gap)) / 2;

  // Natural fan offsets: face-down cards tighter than face-up ones.
  const downStep = cardH * 0.1;
  // Face-up strips at least 24 px tall where the table has room (touch and pointer targets).
  const upStep = Math.max(cardH * (largeIndex ? 0.33 : 0.26), Math.min(24, cardH * 0.7));
  const minUpStep = cardH * 0.13;
  const extent = (p, f = 1) => {
    const n = p.cards.length;
    if (n <= 1) return 0;
    const down = Math.min(p.down, n - 1);
    return (down * downStep + (n - 1 - down) * upStep) * f;
  };

  // Row tops. Rows with fanned piles get room for their longest fan; the last fanned row takes
  // what height is left and its long piles compress to fit.
  const rowTop = [];
  let y = gap;
  const rowFan = [];
  for (let r = 0; r <= maxRow; r++) {
    const inRow = piles.filter((_, i) => places[i].row === r);
    const fanned = inRow.filter((p) => fans(p, half));
    rowFan[r] = fanned.length ? Math.max(cardH * 0.9, ...fanned.map((p) => extent(p))) : 0;
    rowTop[r] = y;
    y += half ? cardH / 2 + gap / 2 : cardH + gap + rowFan[r];
  }
  if (half) y += cardH / 2;
  const natural = y;
  const budget = Math.max(height, cardH * (fixedRows * (1 + GAP) + fanRows * 0.5));
  let squeeze = 1;
  const fanTotal = rowFan.reduce((a, b) => a + b, 0);
  if (natural > budget && fanTotal > 0) {
    squeeze = Math.max(0.3, (budget - (natural - fanTotal)) / fanTotal);
    y = gap;
    for (let r = 0; r <= maxRow; r++) {
      rowTop[r] = y;
      y += cardH + gap + rowFan[r] * squeeze;
    }
  }

  const laid = piles.map((p, i) => {
    const { row, column } = places[i];
    const x = left + colX(column) - (mirror ? 2 * left : 0);
    const top = rowTop[row];
    const offsets = [];
    const shifts = [];
    if (fans(p, half)) {
      const room = rowFan[row] * squeeze;
      const need = extent(p);
      const f = need > room && need > 0 ? room / need : 1;
      let dy = 0;
      p.cards.forEach((_, k) => {
        offsets.push(dy);
        shifts.push(0);
        const step = k < p.down ? downStep * f : Math.max(upStep * f, Math.min(upStep, minUpStep));
        dy += step;
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
    return { x, y: top, offsets, shifts };
  });
  let bottom = 0;
  laid.forEach((l) => {
    const last = l.offsets.length ? l.offsets[l.offsets.length - 1] : 0;
    bottom = Math.max(bottom, l.y + last + cardH);
  });
  return { width, height: bottom + gap, cardW, cardH, piles: laid };
}
