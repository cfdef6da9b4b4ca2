// The server's REST API (docs/protocol.md) and the websocket URL of a table.

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

let skew = 0; // server clock minus ours, in ms, when they differ by more than the Date header's 1 s

function noteServerTime(response) {
  const date = Date.parse(response.headers.get("date") ?? "");
  if (Number.isNaN(date)) return;
  const diff = date - Date.now();
  skew = Math.abs(diff) > 2000 ? diff : 0;
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
  const response = await fetch(path, init);
  noteServerTime(response);
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
