// The daily deals' page (docs/WEB_API.md, "Daily deals"): the countdown to the next deals,
// the nickname, and the transfer code that carries this player to another browser.

import { send } from "./send.js";
import { tell } from "./tell.js";
import { fmt } from "./text.js";

const $ = (sel) => document.querySelector(sel);
const t = JSON.parse($("#ui-strings").textContent);

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

/** Hours, minutes and seconds, e.g. "3:07:09". */
function countdownText(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const two = (n) => String(n).padStart(2, "0");
  return `${Math.floor(total / 3600)}:${two(Math.floor(total / 60) % 60)}:${two(total % 60)}`;
}

/** The time to the next deals, from the server's clock (not this device's), each second;
 * at zero the page shows the new day. */
function startCountdown() {
  const shown = $("#countdown");
  const end = performance.now() + Number(shown.dataset.ms);
  const tick = () => {
    const left = end - performance.now();
    shown.textContent = countdownText(left);
    shown.setAttribute("datetime", `PT${Math.max(0, Math.ceil(left / 1000))}S`);
    if (left <= 0) location.reload();
  };
  tick();
  setInterval(tick, 1000);
}

function listenToNickname() {
  const form = $("#nickname-form");
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const result = await ask("/api/daily/nickname", { nickname: $("#nickname").value }, "PUT");
    if (result.ok) tell(fmt(t, "daily_nickname_saved", { name: result.data.nickname }), { show: true });
  });
}

function listenToTransfer() {
  const shown = $("#transfer-shown");
  const code = $("#transfer-code");
  $("#transfer-make").addEventListener("click", async () => {
    const result = await ask("/api/daily/transfer", {});
    if (!result.ok) return;
    code.value = result.data.code;
    shown.hidden = false;
    code.focus();
    code.select();
  });
  $("#transfer-copy").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(code.value);
      tell(t.daily_copied, { show: true });
    } catch {
      code.select(); // the player copies it by hand
    }
  });
  $("#transfer-revoke").addEventListener("click", async () => {
    const result = await ask("/api/daily/transfer", undefined, "DELETE");
    if (!result.ok) return;
    code.value = "";
    shown.hidden = true;
    tell(t.daily_transfer_revoked, { show: true });
  });
  $("#redeem-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const result = await ask("/api/daily/transfer/redeem", { code: $("#redeem-code").value.trim() });
    if (result.ok) location.reload(); // this browser's streaks and games are the code's now
  });
}

startCountdown();
listenToNickname();
listenToTransfer();
document.body.dataset.ready = "1";
