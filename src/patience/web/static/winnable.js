// The "still winnable?" assist, when the player switches it on: after each move the server's
// solver (which sees every card) says whether a win is left. Asking marks the game as helped.

import { send } from "./api.js";
import { state } from "./current.js";
import { $, t } from "./page.js";
import { settings } from "./settings.js";

const line = $("#winnable");
let asked = null; // the game and version last asked about

/** Ask about the state shown, once per version; hide the line when the assist is off. */
export async function checkWinnable() {
  const wanted = settings.stillWinnable && state.id !== null && state.outcome === "in_play";
  if (!wanted) {
    line.hidden = true;
    asked = null;
    return;
  }
  const key = `${state.id}:${state.version}`;
  if (asked === key) return;
  asked = key;
  line.hidden = false;
  line.dataset.status = "asking";
  line.textContent = t.winnable_asking;
  const result = await send(`/api/games/${state.id}/winnable`, { version: state.version });
  if (asked !== key) return; // the game moved on meanwhile: its own answer comes
  if (!result.ok) {
    asked = null; // busy or refused: ask again after the next move
    line.textContent = result.data?.error?.message ?? t.error_network;
    line.dataset.status = "error";
    return;
  }
  line.dataset.status = result.data.status;
  line.textContent = t[`winnable_${result.data.status}`];
}
