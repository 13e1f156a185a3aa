// The player's display settings, kept in this browser only, and their switches on the page.

const KEY = "patience.settings";

const DEFAULTS = Object.freeze({
  autoplay: true,
  largeIndex: false,
  fourColour: false,
  leftHanded: false,
  showTimer: true,
  showMoves: true,
  showScore: true,
  singleKeys: true, // letter keys as shortcuts (keyboard.js)
  stillWinnable: false, // the assist: after each move, whether a win is left (winnable.js)
  cardSize: "medium", // or "small", "large" (render.js)
  theme: "system", // or "light", "dark" (theme.js sets it before the page is drawn)
  scoreProfiles: {}, // game id → the scoring profile chosen for it
  dealKind: "any", // the kind of deal "New deal" asks for, where the game offers it (api.js)
});

function loadSettings() {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? "{}");
    return { ...DEFAULTS, ...(saved && typeof saved === "object" ? saved : {}) };
  } catch {
    return { ...DEFAULTS };
  }
}

function saveSettings() {
  try {
    localStorage.setItem(KEY, JSON.stringify(settings));
  } catch {
    // Private browsing may refuse storage; the settings then last for this page only.
  }
}

export let settings = loadSettings();

/** The scoring profile chosen for `game` if it is one of `offered`, else `byDefault` (the
 * game's default, by default the first offered). */
export function scoreProfile(game, offered, byDefault = offered[0]) {
  const chosen = Object(settings.scoreProfiles)[game];
  return offered.includes(chosen) ? chosen : byDefault;
}

function offered(select) {
  return [...select.options].map((option) => option.value);
}

/** A choice setting's value if the page offers it, else the first offered (the default). */
const chosen = (select) => {
  const value = settings[select.dataset.setting];
  return offered(select).includes(value) ? value : offered(select)[0];
};

/** The kind of deal a new game asks for: the chosen one if this page offers it, else "any". */
export function dealKind() {
  const select = document.getElementById("deal-kind");
  return select ? chosen(select) : "any";
}

/** Show the settings: page classes, the theme and the state of each switch. */
export function applySettings() {
  const body = document.body.classList;
  body.toggle("hide-timer", !settings.showTimer);
  body.toggle("hide-moves", !settings.showMoves);
  body.toggle("hide-score", !settings.showScore);
  body.toggle("left-handed", settings.leftHanded);
  const root = document.documentElement;
  if (settings.theme === "light" || settings.theme === "dark") root.dataset.theme = settings.theme;
  else delete root.dataset.theme;
  document.querySelectorAll("input[data-setting]").forEach((box) => {
    box.checked = Boolean(settings[box.dataset.setting]);
  });
  document.querySelectorAll("select[data-setting]").forEach((select) => {
    select.value = chosen(select);
  });
  document.querySelectorAll("select[data-score-profile]").forEach((select) => {
    select.value = scoreProfile(select.dataset.scoreProfile, offered(select));
  });
}

function change(update, changed) {
  settings = { ...settings, ...update };
  saveSettings();
  applySettings();
  changed();
}

/** Save and show each change of a switch, then call `changed`. */
export function listenToSettings(changed) {
  document.querySelectorAll("input[data-setting]").forEach((box) => {
    box.addEventListener("change", () => change({ [box.dataset.setting]: box.checked }, changed));
  });
  document.querySelectorAll("select[data-setting]").forEach((select) => {
    select.addEventListener("change", () => change({ [select.dataset.setting]: select.value }, changed));
  });
  document.querySelectorAll("select[data-score-profile]").forEach((select) => {
    select.addEventListener("change", () => {
      const chosen = { ...Object(settings.scoreProfiles), [select.dataset.scoreProfile]: select.value };
      change({ scoreProfiles: chosen }, changed);
    });
  });
}
