// Telling the player on a page without a game table (duel, daily): the polite live region
// `#announce` for screen readers and, when asked, the visible `#message` too.

const live = document.querySelector("#announce");
const message = document.querySelector("#message");

export function tell(text, { show = false } = {}) {
  live.textContent = "";
  requestAnimationFrame(() => {
    live.textContent = text;
  });
  message.textContent = text;
  message.hidden = !show;
}
