// The player's display settings, kept in this browser only.

const KEY = "patience.settings";

export const DEFAULTS = Object.freeze({
  autoplay: true,
  largeIndex: false,
  fourColour: false,
  leftHanded: false,
  showTimer: true,
  showMoves: true,
  showScore: true,
});

export function loadSettings() {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? "{}");
    return { ...DEFAULTS, ...(saved && typeof saved === "object" ? saved : {}) };
  } catch {
    return { ...DEFAULTS };
  }
}

export function saveSettings(settings) {
  try {
    localStorage.setItem(KEY, JSON.stringify(settings));
  } catch {
    // Private browsing may refuse storage; the settings then last for this page only.
  }
}
