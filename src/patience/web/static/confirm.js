// Asking before what cannot be taken back: starting a deal again, or giving up a game in
// progress for a new deal (which then counts as lost), or resigning a duel.

import { inProgress } from "./api.js";
import { state } from "./current.js";
import { $, t } from "./page.js";

const asks = {
  restart: () => state.moves_made > 0,
  new: () => inProgress(),
  resign: () => true,
};

/** Run `then` at once, or after the player confirms where it would lose something. */
export function confirmThen(what, then) {
  if (!asks[what]()) return then();
  const dialog = $("#confirm-dialog");
  $("#confirm-text").textContent = t[`confirm_${what}`];
  $("#confirm-yes").textContent = t[`confirm_${what}_yes`];
  dialog.returnValue = "";
  dialog.addEventListener(
    "close",
    () => {
      if (dialog.returnValue === "yes") then();
    },
    { once: true },
  );
  dialog.showModal();
}
