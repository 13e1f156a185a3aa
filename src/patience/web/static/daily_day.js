// A daily deal's page (docs/WEB_API.md, "Daily deals"): the ranked start, one's own sealed
// board (board.js) on the server's clock, then the result's share card, and practice. The
// server renders the page for where the attempt stands; when the ranked attempt ends the page
// is loaded again and shows the result.

import { spriteSVG } from "./cards.js";
import { send } from "./send.js";
import { applySettings } from "./settings.js";
import { shareText } from "./share_card.js";
import { tell } from "./tell.js";
import { clockText } from "./text.js";

const $ = (sel) => document.querySelector(sel);
const t = JSON.parse($("#ui-strings").textContent);
const data = JSON.parse($("#daily-data").textContent);
const entry = data.entry;
const startPath = `/api/daily/${data.day}/${data.game}/start`;
const SHARE_POLL_MS = 3000;

/** A request whose failure (the network, a refusal) is said with the server's words. */
async function ask(path, body, method) {
  let result = { ok: false, data: null };
  try {
    result = await send(path, body, method);
  } catch {
    result = { ok: false, data: null };
  }
  if (!result.ok) tell(result.data?.error?.message ?? t.error_network, { show: true });
  return result;
}

/** Run `task` with `button` disabled meanwhile. */
async function busyWith(button, task) {
  button.disabled = true;
  try {
    await task();
  } finally {
    button.disabled = false;
  }
}

// ---------------------------------------------------------------- starting

function listenToStart() {
  const form = $("#start-form");
  form?.addEventListener("submit", (e) => {
    e.preventDefault();
    busyWith(form.querySelector("button"), async () => {
      const result = await ask(startPath, { ranked: true, nickname: $("#nickname").value });
      if (result.ok) location.reload();
    });
  });
  const practice = $("#practice");
  practice?.addEventListener("click", () =>
    busyWith(practice, async () => {
      const result = await ask(startPath, { ranked: false });
      if (result.ok) location.assign(`${location.pathname}?practice=${encodeURIComponent(result.data.id)}`);
    }),
  );
}

// ---------------------------------------------------------------- playing, on the server's clock

// The time the server counts since the start, and when it said so (performance.now()).
let clock = entry && { ms: entry.now_ms - entry.started_ms, at: performance.now(), running: entry.status === "playing" };

function showTime() {
  const shown = $("#time-value");
  if (!shown || !clock) return;
  shown.textContent = clockText(clock.running ? clock.ms + performance.now() - clock.at : clock.ms);
}

/** Every answer to one's moves: the server's time; the end of the attempt. */
function took(answer) {
  const running = answer.status === "playing";
  clock = { ms: running ? answer.now_ms - answer.started_ms : answer.time_ms, at: performance.now(), running };
  showTime();
  if (running) return;
  if (answer.ranked) {
    location.reload(); // the result, rank and share card
    return;
  }
  $("#table").inert = true;
  tell(t[`daily_practice_${answer.status}`], { show: true });
}

// ---------------------------------------------------------------- the result's share card

let card = null;

async function refreshShare() {
  let result = null;
  try {
    result = await send(`/api/daily/entries/${entry.id}/share`, undefined, "GET");
  } catch {
    result = null;
  }
  if (result?.ok) {
    card = result.data;
    $("#share-text").textContent = shareText(t, card, { name: data.name, dayText: data.day_text });
    $("#share-copy").disabled = false;
  }
  // Asked again while the review runs or the server could not answer; a refusal is final.
  const pending = result?.ok ? ["running", "busy"].includes(card.state) : !(result?.status < 500);
  $("#share-checking").hidden = !pending;
  if (pending) setTimeout(refreshShare, SHARE_POLL_MS);
}

function listenToCopy() {
  $("#share-copy").addEventListener("click", async () => {
    const said = $("#share-copied");
    said.textContent = "";
    try {
      await navigator.clipboard.writeText($("#share-text").textContent);
      said.textContent = t.daily_copied;
    } catch {
      getSelection().selectAllChildren($("#share-text")); // copying refused: select it instead
    }
  });
}

// ---------------------------------------------------------------- start

document.body.insertAdjacentHTML("afterbegin", spriteSVG(t));
applySettings();
listenToStart();
if (data.phase === "over") {
  listenToCopy();
  refreshShare();
  const result = $("#result");
  if (result) tell(result.textContent.trim().replace(/\s+/g, " "));
}
let table = () => null;
if ($("#table")) {
  const { startBoard } = await import("./board.js");
  table = startBoard(`/api/daily/entries/${entry.id}`, { undo: entry.undo, took });
  showTime();
  setInterval(showTime, 1000);
  // A ranked attempt ends with its day (the server takes no move after): show where it stood.
  if (entry.ranked && data.ends_in_ms !== null) setTimeout(() => location.reload(), data.ends_in_ms + 1000);
}
// For tests and curious players: the page's day, game and attempt, and one's table, read-only.
window.patience = { data, get state() { return table(); }, get share() { return card; } };
document.body.dataset.ready = "1";
