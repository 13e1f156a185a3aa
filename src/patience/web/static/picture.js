// Small pictures of each game's layout in the lobby, drawn from the piles' kind, row and column.

import { layoutTable, usesHalfColumns } from "./layout.js";

const NS = "http://www.w3.org/2000/svg";

function rect(svg, x, y, w, h, cls) {
  const r = document.createElementNS(NS, "rect");
  for (const [k, v] of Object.entries({ x, y, width: w, height: h, rx: w * 0.08 })) r.setAttribute(k, String(v));
  r.setAttribute("class", cls);
  svg.append(r);
}

export function drawPicture(el) {
  const piles = JSON.parse(el.dataset.picture).map((p) => ({ ...p, cards: [], down: 0 }));
  const half = usesHalfColumns(piles);
  // Tableau piles get three cards so the picture shows their fans.
  const shown = piles.map((p) => (p.kind === "tableau" && !half ? { ...p, cards: [1, 2, 3] } : p));
  const g = layoutTable(shown, { width: 240, height: 10000 });
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", `0 0 240 ${Math.ceil(g.height)}`);
  svg.setAttribute("aria-hidden", "true");
  shown.forEach((p, i) => {
    const at = g.piles[i];
    const offsets = at.offsets.length ? at.offsets : [0];
    offsets.forEach((dy) => rect(svg, at.x, at.y + dy, g.cardW, g.cardH, `pic-${p.kind}`));
  });
  el.append(svg);
}

document.querySelectorAll("[data-picture]").forEach(drawPicture);
