// Keyboard input: arrows move between focus stops on the table, Enter or Space acts on one,
// Escape puts a held card back, Ctrl+Z/Y undo and redo, and letter keys give the commands —
// only while the focus is on the table or nowhere in particular, and only if the player keeps
// them on (WCAG 2.1.4: a single key must not act where it may be typed or pressed by chance).

import { activate, redeal, stockAction } from "./actions.js";
import { action, offers } from "./api.js";
import { abandonPress, dragging } from "./drag.js";
import { moveFocus, remember } from "./focus.js";
import { hint } from "./hint.js";
import { held, putBack } from "./hold.js";
import { placeOf, redealKind, tableEl } from "./page.js";
import { render } from "./render.js";
import { settings } from "./settings.js";

function onTable(e) {
  const el = e.target.closest?.(".stop");
  if (!el) return;
  if (e.key.startsWith("Arrow")) {
    e.preventDefault();
    moveFocus(e.key);
  } else if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    const place = placeOf(el);
    remember(place);
    activate(place.pile, place.card);
  }
}

/** Whether a letter key pressed with the focus on `target` gives its command. */
function lettersAct(target) {
  return settings.singleKeys && (target === document.body || tableEl.contains(target));
}

function onPage(e) {
  if (e.key === "Escape" && (held || dragging())) {
    // Esc puts a held or dragged card back.
    e.preventDefault();
    abandonPress();
    putBack();
    render(false);
    return;
  }
  if (e.target.closest?.("input, select, textarea, dialog") || e.altKey || e.metaKey) return;
  const key = e.key.toLowerCase();
  if (e.ctrlKey) {
    if (!offers("undo") && (key === "z" || key === "y")) return;
    if (key === "z") action(e.shiftKey ? "redo" : "undo");
    else if (key === "y") action("redo");
    else return;
    e.preventDefault();
    return;
  }
  if (!lettersAct(e.target)) return;
  if (key === "s") stockAction();
  else if (key === "r" && redealKind) redeal();
  else if (key === "u" && offers("undo")) action("undo");
  else if (key === "h" && offers("hint")) hint();
  else return;
  e.preventDefault();
}

export function listenToKeys() {
  tableEl.addEventListener("keydown", onTable);
  document.addEventListener("keydown", onPage);
}
