// The "Challenge" form of the lobby and the game pages: a new duel (POST /api/duels) with the
// chosen game, options, cards open or closed, clock, undo rule, kind of deal and nickname, then its page. A refusal
// shows the server's message, in the page's language. A link to #challenge (the rules' "Start a
// duel") or a page opened at it opens the form.

import { send } from "./send.js";

const form = document.querySelector("#challenge-form");
const error = form.querySelector(".challenge-error");
const panel = form.closest("details");

function openOnHash() {
  if (location.hash === `#${panel.id}`) panel.open = true;
}

document.querySelectorAll(`a[href="#${panel.id}"]`).forEach((link) => {
  link.addEventListener("click", () => {
    panel.open = true;
  });
});
window.addEventListener("hashchange", openOnHash);
openOnHash();

function settings() {
  const data = new FormData(form);
  const options = {};
  form.querySelectorAll("[data-option]").forEach((input) => {
    options[input.dataset.option] = input.value;
  });
  return {
    game: data.get("game"),
    options,
    nickname: data.get("nickname"),
    view: data.get("view"),
    mode: data.get("mode"),
    deadline_hours: Number(data.get("deadline_hours")),
    best_of: Number(data.get("best_of")),
    clock_minutes: Number(data.get("clock_minutes")),
    undo: data.get("undo") !== null,
    kind: data.get("kind"),
  };
}

form.addEventListener("submit", async (e) => {
  e.preventDefault();
  const button = form.querySelector("button[type=submit]");
  button.disabled = true;
  let said = form.dataset.networkError;
  try {
    const result = await send("/api/duels", settings());
    if (result.ok) {
      location.assign(result.data.url);
      return;
    }
    said = result.data?.error?.message ?? said;
  } catch {
    // no answer: the network's message stays
  }
  error.textContent = said;
  error.hidden = false;
  button.disabled = false;
});
