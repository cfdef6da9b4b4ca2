// The server's REST API (docs/protocol.md) and the websocket URL of a table.

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

let skew = 0; // server clock minus ours, in ms, when they plainly differ (see noteServerTime)

// How far a server's Date header may lag the moment it answered: it is in whole seconds, and a
// busy server stamps the date it last noted (uvicorn notes it between its loop's turns), so on a
// loaded machine it can be a few seconds old.
const DATE_SLACK_MS = 5000;

/** Note the server's clock from an answer to a request sent at `sent` (our ms). */
function noteServerTime(response, sent) {
  const date = Date.parse(response.headers.get("date") ?? "");
  if (Number.isNaN(date)) return;
  const received = Date.now();
  // The server dated its answer while our request was out. If that date falls between the
  // sending, less the header's slack, and the answer's arrival, the clocks agree: a stale
  // header must not make turn timers read more time than a turn has (it read 33 s of 30).
  if (date >= sent - DATE_SLACK_MS && date <= received + 1000) {
    skew = 0;
  } else {
    skew = date - (sent + received) / 2;
  }
}

/** The time now by the server's clock (ms since 1970): turn deadlines are the server's. */
export function serverNow() {
  return Date.now() + skew;
}

/** Call the API; resolves to the JSON answer, rejects with an ApiError carrying the reason. */
export async function api(method, path, body) {
  const init = { method, credentials: "same-origin", headers: {} };
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const sent = Date.now();
  const response = await fetch(path, init);
  noteServerTime(response, sent);
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const detail = data.detail;
    if (detail && typeof detail === "object" && !Array.isArray(detail)) {
      throw new ApiError(response.status, detail.code, detail.message);
    }
    const text = Array.isArray(detail) ? detail.map((d) => d.msg).join("; ") : String(detail);
    throw new ApiError(response.status, "invalid", text);
  }
  return data;
}

export const get = (path) => api("GET", path);
export const post = (path, body = {}) => api("POST", path, body);

export function socketUrl(tableId) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}/ws/tables/${encodeURIComponent(tableId)}`;
}
export const del = (path) => api("DELETE", path);
