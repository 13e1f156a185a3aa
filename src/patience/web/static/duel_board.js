// One's own board in a duel: the game page's table, pointer, keys and buttons (render.js,
// drag.js, keyboard.js, commands.js), its changes sent to the duel through api.js's door.
// Every card is open: the table comes from the server with its open view.

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
 * Play `duel` (a DuelAnswer with the asker's seat) on this page's table; `took(answer)` hears
 * every answer of the server, for the seats' figures. Returns a reader of the table's state.
 */
export function startBoard(duel, took) {
  const base = `/api/duels/${duel.id}`;
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
    offers: duel.undo ? ["undo"] : [],
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
  $("#resign").addEventListener("click", () => confirmThen("resign", resign));
  let frame = 0;
  new ResizeObserver(() => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => render(false));
  }).observe(tableEl.parentElement);
  render();
  return () => state;
}
