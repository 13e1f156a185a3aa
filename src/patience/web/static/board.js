// One's own board on a page whose moves go to another API than the game's (a duel's seat, a
// daily deal's attempt): the game page's table, pointer, keys and buttons (render.js, drag.js,
// keyboard.js, commands.js), its changes sent through api.js's door to `base`/moves, /undo,
// /redo, /restart and /resign, each answer carrying the board as `table`.

import { handleError, openDoor, queue, send } from "./api.js";
import { listenToButtons } from "./commands.js";
import { confirmThen } from "./confirm.js";
import { state } from "./current.js";
import { listenToPointer } from "./drag.js";
import { clearHold } from "./hold.js";
import { listenToKeys } from "./keyboard.js";
import { $, tableEl } from "./page.js";
import { render } from "./render.js";

/**
 * Play on this page's table through the API at `base`; `undo` whether undo, redo and restart
 * are offered, `took(answer)` hears every answer of the server (for the page's figures).
 * Returns a reader of the table's state.
 */
export function startBoard(base, { undo, took }) {
  const table = (answer) => {
    took(answer);
    return answer.table;
  };
  openDoor({
    begun: () => true,
    ready: async () => true,
    path: (name) => `${base}/${name}`,
    body: () => ({ version: state.version }),
    table,
    after: () => {},
    offers: undo ? ["undo"] : [],
  });
  const resign = () => {
    clearHold();
    return queue(async () => {
      const result = await send(`${base}/resign`, { version: state.version });
      if (result.ok) table(result.data);
      else handleError(result);
    });
  };
  listenToPointer();
  listenToKeys();
  listenToButtons();
  $("#resign")?.addEventListener("click", () => confirmThen("resign", resign));
  let frame = 0;
  new ResizeObserver(() => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => render(false));
  }).observe(tableEl.parentElement);
  render();
  return () => state;
}
