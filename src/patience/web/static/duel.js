// The duel page (docs/WEB_API.md, "Duels"): taking the free seat, the challenger's link, both
// seats' progress and clocks from the server's event stream, and the result with both final
// tables. The server renders the page for where the duel stands; when it moves on (a seat
// taken, the duel decided) the page is loaded again. One's own board is board.js.

import { spriteSVG } from "./cards.js";
import { startReplay } from "./duel_replay.js";
import { send } from "./send.js";
import { applySettings } from "./settings.js";
import { tell } from "./tell.js";
import { clockText, fmt, fmtCount } from "./text.js";

const $ = (sel) => document.querySelector(sel);
const t = JSON.parse($("#ui-strings").textContent);
const duel = JSON.parse($("#duel-data").textContent);
const over = duel.result !== null;

// ---------------------------------------------------------------- the seats and their clocks

// Per seat: the server's figures and when they arrived (performance.now()), for the clock.
const seats = duel.seats.map((s) => ({ ...s, at: performance.now() }));

const running = (s) => duel.started_ms !== null && s.finish === null && !over;

function usedNow(s) {
  return s.used_ms + (running(s) ? performance.now() - s.at : 0);
}

/** A seat's clock: the time left where the duel has a clock, else the time played. */
function clockOf(s) {
  const used = usedNow(s);
  return clockText(duel.clock_ms ? Math.max(0, duel.clock_ms - used) : used);
}

function showSeat(s) {
  const row = $(`#seat-${s.seat}`);
  if (!row) return;
  row.querySelector(".moves").textContent = String(s.moves);
  row.querySelector(".home").textContent = String(s.cards_home);
  row.querySelector(".clock").textContent = clockOf(s);
  row.querySelector(".finish").textContent = s.finish ? t[`duel_finish_${s.finish}`] : t.duel_playing;
}

function showClocks() {
  for (const s of seats) {
    const cell = $(`#seat-${s.seat} .clock`);
    if (cell) cell.textContent = clockOf(s);
  }
}

/** Take up a seat's figures from the server (an answer or an event); the server's time wins. */
function update(seat, figures) {
  const s = seats[seat];
  if (!s) return;
  Object.assign(s, figures, { at: performance.now() });
  showSeat(s);
}

/** An answer to one's own move: both seats as the server has them now. */
function tookAnswer(answer) {
  answer.seats.forEach((s) => update(s.seat, s));
  if (answer.result !== null) location.reload();
  else if (answer.you !== null && answer.seats[answer.you].finish !== null) ownGameOver();
}

/** One's own game has ended (won or resigned): the board rests until the result comes. */
function ownGameOver() {
  const table = $("#table");
  if (table) table.inert = true;
  document.querySelectorAll(".toolbar button").forEach((b) => {
    b.disabled = true;
  });
  tell(t.duel_my_game_over, { show: true });
}

// ---------------------------------------------------------------- the event stream

/** The opponent's progress, said politely: when cards reach the foundations or a game ends,
 * not at every move or tick of a clock. */
function news(event) {
  const s = seats[event.seat];
  if (!s || event.seat === duel.you) return;
  if (event.type === "end") tell(fmt(t, `duel_news_${event.finish}`, { name: s.nickname }));
  else if (event.cards_home !== s.cards_home) {
    const moves = fmtCount(t, "count_moves", event.moves);
    tell(fmt(t, "duel_progress", { name: s.nickname, moves, home: event.cards_home }));
  }
}

/** Whether an event changes what the page shows (a seat taken, the start, the result, or in
 * turns the end of the challenger's game, which opens the seat to a visitor). */
function changesPhase(event) {
  if (event.type === "result") return true;
  if (event.type === "seat") return !seats[event.seat];
  if (event.type === "start") return duel.started_ms === null;
  return event.type === "end" && duel.you === null && duel.seats.length === 1;
}

// While one's own join is on its way, the page waits for its answer before loading again: the
// stream tells of the taken seat before the answer arrives, and loading then would drop the
// answer and the player cookie it brings, leaving the player a visitor at their own seat.
let joining = false;
let phaseChanged = false;

function onEvent(event, stream) {
  if (changesPhase(event)) {
    if (joining) {
      phaseChanged = true;
      return;
    }
    stream.close();
    location.reload();
    return;
  }
  news(event);
  if (event.type === "progress") {
    const { moves, cards_home, used_ms } = event;
    update(event.seat, { moves, cards_home, used_ms });
  } else if (event.type === "end") {
    update(event.seat, { finish: event.finish });
    if (event.seat === duel.you) ownGameOver();
  }
}

function watch() {
  // EventSource reconnects by itself and asks for the events after the last one it had.
  const stream = new EventSource(`/api/duels/${duel.id}/events?after=${duel.last_event}`);
  stream.addEventListener("duel", (e) => onEvent(JSON.parse(e.data), stream));
}

// ---------------------------------------------------------------- joining, the link

function listenToJoin() {
  const form = $("#join-form");
  if (!form) return;
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const button = form.querySelector("button");
    button.disabled = true;
    joining = true;
    try {
      const result = await send(`/api/duels/${duel.id}/join`, { nickname: $("#nickname").value });
      if (result.ok) return location.reload();
      tell(result.data?.error?.message ?? t.error_network, { show: true });
    } catch {
      tell(t.error_network, { show: true });
    }
    joining = false;
    button.disabled = false;
    if (phaseChanged) location.reload(); // someone else took the seat meanwhile
  });
}

function listenToCopy() {
  const button = $("#copy-link");
  if (!button) return;
  const link = $("#duel-link");
  // The address this browser reached the page by (a proxy may have told the server another).
  link.value = location.origin + location.pathname;
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(link.value);
      tell(t.duel_copied, { show: true });
    } catch {
      link.select(); // the player copies it by hand
    }
  });
}

// ---------------------------------------------------------------- the result

function listenToRematch() {
  const button = $("#rematch");
  if (!button) return;
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const result = await send(`/api/duels/${duel.id}/rematch`, {});
      if (result.ok) return location.assign(result.data.url);
      tell(result.data?.error?.message ?? t.error_network, { show: true });
    } catch {
      tell(t.error_network, { show: true });
    }
    button.disabled = false;
  });
}

let replay = null;

function showResult() {
  replay = startReplay(duel, t);
  tell($("#result-text").textContent);
}

// ---------------------------------------------------------------- start

document.body.insertAdjacentHTML("afterbegin", spriteSVG(t));
applySettings();
listenToJoin();
listenToCopy();
if (over) {
  showResult();
  listenToRematch();
}
else {
  seats.forEach(showSeat);
  setInterval(showClocks, 1000);
  watch();
}
// For tests and curious players: the duel as this page knows it and one's own table, read-only.
let table = () => null;
if ($("#table")) {
  const { startBoard } = await import("./board.js");
  table = startBoard(`/api/duels/${duel.id}`, { undo: duel.undo, took: tookAnswer });
  if (seats[duel.you]?.finish) ownGameOver();
}
window.patience = { duel, seats, get state() { return table(); }, get replay() { return replay; } };
document.body.dataset.ready = "1";
