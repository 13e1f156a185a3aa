// The page's buttons (data-command): toolbar, dialogs and the share link.

import { redeal } from "./actions.js";
import { action, finish, newDeal } from "./api.js";
import { say } from "./announce.js";
import { state } from "./current.js";
import { confirmThen } from "./confirm.js";
import { closeDialogs } from "./dialogs.js";
import { hint } from "./hint.js";
import { pageUrl, t } from "./page.js";

const commands = {
  undo: () => action("undo"),
  redo: () => action("redo"),
  restart: () => confirmThen("restart", () => action("restart")),
  new: () => confirmThen("new", newDeal),
  hint: () => hint(),
  redeal: () => redeal(),
  finish: () => finish(),
  close: () => closeDialogs(),
  share: async () => {
    const url = new URL(pageUrl(state), location.href).href;
    try {
      await navigator.clipboard.writeText(url);
      say(t.share_done, { show: true });
    } catch {
      say(url, { show: true });
    }
  },
};

export function listenToButtons() {
  document.querySelectorAll("[data-command]").forEach((button) => {
    button.addEventListener("click", () => commands[button.dataset.command]());
  });
}
