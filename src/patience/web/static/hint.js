// A hint from the server: its piles marked on the table and the move said in words.

import { handleError, queue, send, stored } from "./api.js";
import { say } from "./announce.js";
import { state, stockIndex } from "./current.js";
import { describeMove, fmt } from "./names.js";
import { pileEl, t, tableEl } from "./page.js";

export function hint() {
  return queue(async () => {
    if (!(await stored())) return;
    const result = await send(`/api/games/${state.id}/hint`, { version: state.version });
    if (!result.ok) return handleError(result);
    const found = result.data?.hint;
    if (!found) return say(t.hint_none, { show: true });
    const move = state.legal.find((m) => m.text === found.move);
    tableEl.querySelectorAll(".hint").forEach((el) => el.classList.remove("hint"));
    if (move) {
      const piles = move.kind === "stock" || move.kind === "redeal" ? [stockIndex()] : [move.src, move.dst];
      piles.filter((i) => i >= 0).forEach((i) => pileEl(i)?.classList.add("hint"));
    }
    const source = found.note || (found.source === "solver" ? t.hint_solver : t.hint_heuristic);
    let what = found.move;
    if (move?.kind === "stock") what = t.hint_stock;
    else if (move?.kind === "redeal") what = t.hint_redeal;
    else if (move) what = describeMove(t, state, found.move, { advice: true });
    say(`${fmt(t, "hint_move", { move: what })} ${source}`, { show: true });
  });
}
