// Tiny DOM helpers shared by the pages.
//
// The server's Content-Security-Policy (meeple/server/api/headers.py) refuses inline style
// attributes: a ``style`` given to h() or svg() is set through the CSSOM (el.style), which the
// policy allows, never as an attribute. Events are listeners, never on…= attributes.

/** An element: h("button", {class: "x", onclick: f}, "text", child…). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "text") el.textContent = v;
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "style") el.style.cssText = String(v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  el.append(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
  return el;
}

/** A short message at the bottom of the screen (errors, "link copied"). */
export function toast(text, kind = "info") {
  let box = document.getElementById("toasts");
  if (!box) {
    box = h("div", { id: "toasts", role: "status", "aria-live": "polite" });
    document.body.append(box);
  }
  const item = h("div", { class: `toast toast-${kind}`, text });
  box.append(item);
  setTimeout(() => item.remove(), kind === "error" ? 5000 : 2500);
}

const SVG_NS = "http://www.w3.org/2000/svg";

/** An SVG element, made like h(). */
export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "text") el.textContent = v;
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "style") el.style.cssText = String(v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  el.append(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
  return el;
}
