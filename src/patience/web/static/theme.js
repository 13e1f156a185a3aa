// The colour theme the player chose in the settings ("light" or "dark"; "system" or none
// follows the system), set before the page is drawn so that it never shows in the other one.
// A classic script in the head of every page; settings.js keeps it in step when it changes.

try {
  const theme = JSON.parse(localStorage.getItem("patience.settings") ?? "{}")?.theme;
  if (theme === "light" || theme === "dark") document.documentElement.dataset.theme = theme;
} catch {
  // No storage or no valid settings: the system's theme.
}
