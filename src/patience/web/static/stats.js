// The statistics page: resetting them after a confirmation (POST /api/stats/reset). The
// export links need no script; without one the reset button stays hidden.

const button = document.querySelector("#reset-stats");
const dialog = document.querySelector("#reset-dialog");
const failed = document.querySelector("#reset-failed");

async function reset() {
  failed.hidden = true;
  try {
    const response = await fetch("/api/stats/reset", { method: "POST" });
    if (response.ok) return location.reload();
  } catch {
    // No network: said below.
  }
  failed.hidden = false;
}

button.hidden = false;
button.addEventListener("click", () => dialog.showModal());
dialog.querySelector("[data-reset='cancel']").addEventListener("click", () => dialog.close());
dialog.querySelector("[data-reset='confirm']").addEventListener("click", reset);
