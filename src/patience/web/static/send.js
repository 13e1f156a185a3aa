// One request to the server's JSON API (docs/WEB_API.md) in the page's language: its status
// and its answer. Needs nothing of a page but its language, so every page's script may use it.

export async function send(path, body, method = "POST") {
  const response = await fetch(path, {
    method,
    headers: { "Content-Type": "application/json", "Accept-Language": document.documentElement.lang },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  return { ok: response.ok, status: response.status, data };
}
