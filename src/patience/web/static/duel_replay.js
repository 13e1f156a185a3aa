// The result's replay: both games side by side, stepped together move by move, each with the
// verdicts and marks of its own review (docs/WEB_API.md, reviews), fetched once the duel is
// over. Until a review answers, its board shows the game's final table.

import { drawFinal } from "./final.js";
import { send } from "./send.js";
import { fmt } from "./text.js";

const RETRY_MS = 2000;
const MOST_TRIES = 60;

const MARK_KEYS = { losing: "mark_losing", only: "mark_only", fewer: "mark_fewer_several" };

export function startReplay(duel, t) {
  const games = duel.seats.map((seat, i) => ({
    positions: [duel.tables[i].piles],
    moves: [],
    verdicts: [],
    marks: [],
    reviewed: false,
    review: seat.review,
  }));
  const slider = document.querySelector("#replay-slider");
  const total = () => Math.max(0, ...games.map((g) => g.moves.length));
  let shown = 0;

  function caption(g, k) {
    if (!g.reviewed) return "";
    if (k === 0) return t.duel_replay_deal;
    if (k > g.moves.length) return fmt(t, "duel_replay_done", { n: g.moves.length });
    const verdict = t[`verdict_${g.verdicts[k] ?? "pending"}`];
    const marks = g.marks.filter((m) => m.move === k).map((m) => t[MARK_KEYS[m.kind]]);
    return [`${k}. ${g.moves[k - 1]}: ${verdict}.`, ...marks].join(" ");
  }

  function show(k) {
    shown = Math.max(0, Math.min(k, total()));
    slider.value = String(shown);
    games.forEach((g, seat) => {
      const position = g.positions[Math.min(shown, g.positions.length - 1)];
      drawFinal(document.querySelector(`.final-table[data-seat="${seat}"]`), position);
      document.querySelector(`.replay-move[data-seat="${seat}"]`).textContent = caption(g, shown);
    });
    const where = shown === 0 ? t.duel_replay_deal : fmt(t, "duel_replay_at", { n: shown, total: total() });
    document.querySelector("#replay-position").textContent = where;
  }

  function take(g, review) {
    g.positions = review.positions;
    g.moves = review.moves;
    g.verdicts = [];
    g.marks = [];
    for (const event of review.events) {
      if (event.type === "step") g.verdicts[event.index] = event.status;
      else if (event.type === "mark") g.marks.push(event);
    }
    const first = !g.reviewed;
    g.reviewed = true;
    slider.max = String(total());
    show(first && shown === 0 ? total() : shown);
  }

  async function follow(g, tries = 0) {
    const id = g.review.split("/").pop();
    const result = await send(`/api/reviews/${id}`, undefined, "GET").catch(() => null);
    if (result?.ok) take(g, result.data);
    const running = !result?.ok || !["done", "failed"].includes(result.data.state);
    if (running && tries < MOST_TRIES) setTimeout(() => follow(g, tries + 1), RETRY_MS);
  }

  const steps = { first: () => 0, back: () => shown - 1, forward: () => shown + 1, last: total };
  document.querySelectorAll(".replay-toolbar [data-step]").forEach((button) => {
    button.addEventListener("click", () => show(steps[button.dataset.step]()));
  });
  slider.addEventListener("input", () => show(Number(slider.value)));
  document.querySelector("#go-split")?.addEventListener("click", (e) => {
    show(Number(e.currentTarget.dataset.move));
  });
  show(0);
  games.filter((g) => g.review).forEach((g) => follow(g));
  return { get shown() { return shown; }, games };
}
