// A hint from the server: its piles marked on the table and the move said in words.

import { handleError, queue, send, stored } from "./api.js";
import { say } from "./announce.js";
import { state, stockIndex } from "./current.js";
import { describeMove, fmt } from "./names.js";
import { $, pileEl, t } from "./page.js";

/** What to mark for a move: its piles, or for the stock or a redeal the control that plays it
 * (the stock pile, else the Redeal button). */
function marked(move) {
  if (move.kind !== "stock" && move.kind !== "redeal") return [move.src, move.dst].filter((i) => i >= 0).map(pileEl);
  return [stockIndex() >= 0 ? pileEl(stockIndex()) : $("#redeal")];
}

export function hint() {
  return queue(async () => {
    if (!(await stored())) return;
    const result = await send(`/api/games/${state.id}/hint`, { version: state.version });
    if (!result.ok) return handleError(result);
    const found = result.data?.hint;
    if (!found) return say(t.hint_none, { show: true });
    const move = state.legal.find((m) => m.text === found.move);
    document.querySelectorAll(".hint").forEach((el) => el.classList.remove("hint"));
    if (move) marked(move).forEach((el) => el?.classList.add("hint"));
    const source = found.note || (found.source === "solver" ? t.hint_solver : t.hint_heuristic);
    const what = move ? describeMove(t, state, found.move, { advice: true }) : found.move;
    say(`${fmt(t, "hint_move", { move: what })} ${source}`, { show: true });
  });
}
