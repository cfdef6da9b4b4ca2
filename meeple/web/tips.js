// A board that explains itself (issue #36): a short explanation next to the pointer on hover
// (or next to the focused element), next to the finger on a long press, and a confirming second
// click before a move that cannot be taken back.
//
// Tips: an element's text is its `data-tip` attribute, or the function given to tip(el, fn)
// (read when shown, so that it says how things stand then). An element with only a `title`
// (or, in SVG, a <title> child) gets that text as its tip: the title moves to `data-tip`, so
// that the browser's own tooltip does not show as well, and stays the accessible name
// (aria-label) when the element has none. The tip box is one element (#tip, role "tooltip"),
// tied to the element it explains by aria-describedby while it shows.
//
// Confirmations: with the setting "Ask before moves that cannot be taken back" on (the
// default; localStorage "meeple.confirm" = "off" turns it off), the first click (tap, Enter) on
// a legal board target (`#board .legal[data-action]`) selects it: the target is marked, the
// prompt and a box beside it say what the move will do (`data-preview`, else its tip, else its
// label), and only a second click on the same target takes it. Any other click cancels. A
// renderer leaves a target out with `data-confirm="no"`: one whose first click only chooses,
// on the page, and asks again by itself (Bison's tile spots).
//
// The server's Content-Security-Policy refuses inline style attributes: the box is placed
// through el.style, as dom.js does.

import { h } from "./dom.js";
import { t } from "./i18n.js";

export const CONFIRM_KEY = "meeple.confirm";
const LONG_PRESS_MS = 450;
const MOVE_SLOP = 10; // px a finger may wander and still be a long press
const GAP = 14; // px between the pointer and the box

const texts = new WeakMap(); // element -> () => text

/** Give `el` a tip: a text, or a function read each time the tip shows. Returns `el`. */
export function tip(el, text) {
  if (typeof text === "function") texts.set(el, text);
  else if (text) el.setAttribute("data-tip", text);
  return el;
}

/** Whether moves that cannot be taken back ask for a second click. */
export function confirmOn() {
  return localStorage.getItem(CONFIRM_KEY) !== "off";
}

/** The setting as a checkbox for the table's menu. */
export function confirmSetting() {
  const box = h("input", { type: "checkbox", id: "confirm-moves", checked: confirmOn() });
  box.addEventListener("change", () => {
    localStorage.setItem(CONFIRM_KEY, box.checked ? "on" : "off");
    disarm();
  });
  // A short label keeps the table's header to one row on a desktop; the tip says it all.
  return h("label", { class: "confirm-setting choice", "data-tip": t("tip.confirm.setting_help") }, box,
    h("span", { "data-t": "tip.confirm.setting", text: t("tip.confirm.setting") }));
}

// --- the tip box ------------------------------------------------------------------------------

let box = null;
let shownFor = null;

function tipBox() {
  if (!box || !box.isConnected) {
    box = h("div", { id: "tip", class: "tip", role: "tooltip", hidden: true });
    document.body.append(box);
  }
  return box;
}

/** The element explaining itself under `node` (itself or an ancestor), with its text. */
function explained(node) {
  for (let el = node instanceof Element ? node : node?.parentElement; el && el !== document.body; el = el.parentElement) {
    if (el.id === "tip") return null;
    const fn = texts.get(el);
    if (fn) {
      const text = fn();
      if (text) return { el, text };
    }
    let text = el.getAttribute("data-tip");
    if (!text && el.hasAttribute("title") && el.getAttribute("title")) {
      text = el.getAttribute("title");
      el.removeAttribute("title");
      el.setAttribute("data-tip", text);
      if (!el.hasAttribute("aria-label") && !el.textContent.trim()) el.setAttribute("aria-label", text);
    }
    if (!text && el.namespaceURI === "http://www.w3.org/2000/svg") {
      const title = [...el.children].find((c) => c.tagName === "title");
      if (title && title.textContent) {
        text = title.textContent;
        title.remove();
        el.setAttribute("data-tip", text);
        if (!el.hasAttribute("aria-label")) el.setAttribute("aria-label", text);
      }
    }
    if (text) return { el, text };
  }
  return null;
}

/** Show `text` for `el` beside the point (x, y); `above` for a finger, which hides what is under it. */
function show(el, text, x, y, above = false, kind = "tip") {
  const b = tipBox();
  b.textContent = text;
  b.className = `tip tip-${kind}`;
  b.hidden = false;
  if (shownFor && shownFor !== el) unlink(shownFor);
  shownFor = el;
  const described = (el.getAttribute("aria-describedby") || "").split(/\s+/).filter(Boolean);
  if (!described.includes("tip")) el.setAttribute("aria-describedby", [...described, "tip"].join(" "));
  // Placed within the viewport: right of and below the pointer, or wherever it fits.
  b.style.left = "0px";
  b.style.top = "0px";
  const r = b.getBoundingClientRect();
  const vw = document.documentElement.clientWidth;
  const vh = document.documentElement.clientHeight;
  let left = x + GAP;
  if (left + r.width > vw - 4) left = Math.max(4, x - GAP - r.width);
  if (left + r.width > vw - 4) left = Math.max(4, vw - 4 - r.width);
  let top = above ? y - GAP * 3 - r.height : y + GAP;
  if (top + r.height > vh - 4) top = y - GAP - r.height;
  if (top < 4) top = Math.min(vh - 4 - r.height, y + GAP * 3);
  b.style.left = `${Math.round(left)}px`;
  b.style.top = `${Math.round(Math.max(4, top))}px`;
}

function unlink(el) {
  const rest = (el.getAttribute("aria-describedby") || "").split(/\s+/).filter((id) => id && id !== "tip");
  if (rest.length) el.setAttribute("aria-describedby", rest.join(" "));
  else el.removeAttribute("aria-describedby");
}

/** Hide the tip (the confirmation's box stays while a move waits for its second click). */
export function hideTip(force = false) {
  if (!box || box.hidden) return;
  if (!force && armed && shownFor === armed.el) return;
  box.hidden = true;
  if (shownFor) unlink(shownFor);
  shownFor = null;
}

// --- confirmations ----------------------------------------------------------------------------

let armed = null; // {el, action, prompt: the prompt's text before}

function confirmable(node) {
  const el = node instanceof Element ? node.closest(".legal[data-action]") : null;
  if (!el || el.getAttribute("data-confirm") === "no" || !el.closest("#board")) return null;
  if (el.closest(".stepping")) return null;
  return el;
}

function previewOf(el) {
  return el.getAttribute("data-preview") || explained(el)?.text || el.getAttribute("aria-label") || el.textContent.trim();
}

function arm(el, x, y) {
  disarm();
  const preview = previewOf(el);
  const prompt = document.getElementById("prompt");
  armed = { el, action: el.getAttribute("data-action"), prompt: prompt ? prompt.textContent : null };
  el.classList.add("armed");
  const again = t("tip.confirm.again");
  if (prompt) {
    // A long preview keeps to the prompt's height (its first lines, the rest in the box), so
    // that the board under it does not move between the two clicks.
    const high = prompt.offsetHeight;
    prompt.textContent = `${preview} — ${again}`;
    if (prompt.offsetHeight > high) prompt.classList.add("prompt-clamped");
  }
  show(el, `${preview}\n${again}`, x, y, false, "confirm");
}

/** Cancel a move waiting for its second click. */
export function disarm() {
  if (!armed) return;
  const { el, prompt } = armed;
  armed = null;
  el.classList.remove("armed");
  const line = document.getElementById("prompt");
  line?.classList.remove("prompt-clamped");
  // The prompt goes back to what it said, unless a new state has written it since.
  if (line && prompt !== null && line.textContent.endsWith(t("tip.confirm.again"))) line.textContent = prompt;
  hideTip(true);
}

function pointOf(el, event) {
  if (event && event.clientX !== undefined && (event.clientX || event.clientY)) return [event.clientX, event.clientY];
  const r = el.getBoundingClientRect();
  return [r.right, r.top + r.height / 2];
}

/** First click on a target arms it; the second on the same one (still on the page, still the
 *  same action) lets the click through; any other click cancels. */
function onClick(event) {
  if (suppressClick) {
    // The click a long press would make: the finger asked for the tip, not for the move.
    suppressClick = false;
    event.preventDefault();
    event.stopImmediatePropagation();
    return;
  }
  const el = confirmable(event.target);
  if (armed && (!el || el !== armed.el || !el.isConnected)) disarm();
  if (!el || !confirmOn()) {
    // The click took what the tip explained: left there, the tip would cover what the click
    // opened (the coach's moves, just below the Hint button) until the pointer moved off.
    hideTip();
    return;
  }
  if (armed && armed.el === el && armed.action === el.getAttribute("data-action")) {
    disarm();
    return; // the second click: the renderer's own listener takes the move
  }
  event.preventDefault();
  event.stopImmediatePropagation();
  arm(el, ...pointOf(el, event));
}

function onKey(event) {
  if (event.key === "Escape") {
    disarm();
    hideTip(true);
    return;
  }
  if (event.key !== "Enter" && event.key !== " ") return;
  const el = confirmable(event.target);
  if (!el || !confirmOn()) return;
  if (armed && armed.el === el) {
    disarm();
    return;
  }
  event.preventDefault();
  event.stopImmediatePropagation();
  arm(el, ...pointOf(el, null));
}

// --- pointer, focus and fingers -------------------------------------------------------------

let press = null; // {timer, x, y}
let lastTouch = -Infinity; // when a finger last went down (performance.now())
const AFTER_TOUCH_MS = 1500; // the mouse events a tap brings with it, this soon after, are the tap's
let suppressClick = false;

function onOver(event) {
  // A finger shows tips by a long press only: the hover (and focus) a tap leaves behind would
  // keep a tip over the board after the finger left.
  if (event.pointerType === "touch" || performance.now() - lastTouch < AFTER_TOUCH_MS) return;
  const found = explained(event.target);
  if (!found) {
    hideTip();
    return;
  }
  if (armed && shownFor === armed.el && found.el !== armed.el) return;
  if (armed && found.el === armed.el) return;
  show(found.el, found.text, event.clientX, event.clientY);
}

function onMove(event) {
  if (event.pointerType === "touch") {
    if (press && Math.hypot(event.clientX - press.x, event.clientY - press.y) > MOVE_SLOP) cancelPress();
    return;
  }
  if (!box || box.hidden || !shownFor || (armed && shownFor === armed.el)) return;
  if (!shownFor.contains(event.target)) return;
  show(shownFor, box.textContent, event.clientX, event.clientY);
}

function cancelPress() {
  if (press) clearTimeout(press.timer);
  press = null;
}

function onDown(event) {
  suppressClick = false;
  if (event.pointerType !== "touch" && event.pointerType !== "pen") return;
  lastTouch = performance.now();
  if (!armed) hideTip(true);
  cancelPress();
  const found = explained(event.target);
  if (!found) return;
  const x = event.clientX;
  const y = event.clientY;
  press = {
    x, y,
    timer: setTimeout(() => {
      press = null;
      suppressClick = true;
      show(found.el, found.text, x, y, true);
    }, LONG_PRESS_MS),
  };
}

function onUp() {
  cancelPress();
}

function onFocus(event) {
  if (performance.now() - lastTouch < AFTER_TOUCH_MS) return;
  const found = explained(event.target);
  if (!found || found.el !== event.target) return;
  if (armed && armed.el !== found.el) return;
  const r = found.el.getBoundingClientRect();
  show(found.el, found.text, r.right, r.top + r.height / 2);
}

let installed = false;

/** Listen for tips and confirmations on the whole page (once). */
export function installTips() {
  if (installed) return;
  installed = true;
  window.addEventListener("click", onClick, true);
  window.addEventListener("keydown", onKey, true);
  document.addEventListener("pointerover", onOver);
  document.addEventListener("pointermove", onMove, { passive: true });
  document.addEventListener("pointerdown", onDown, true);
  document.addEventListener("pointerup", onUp, true);
  document.addEventListener("pointercancel", onUp, true);
  document.addEventListener("focusin", onFocus);
  document.addEventListener("focusout", () => hideTip());
  // A lifted finger "leaves" the page too: a long press's tip stays until the next touch.
  document.addEventListener("pointerleave", (event) => {
    if (event.pointerType !== "touch") hideTip();
  });
  // A long press opens no menu of the browser's over a board: the finger asked for the tip.
  document.addEventListener("contextmenu", (event) => {
    if (suppressClick || press || (event.target instanceof Element && explained(event.target))) {
      if (event.target instanceof Element && event.target.closest("#board")) event.preventDefault();
    }
  });
  window.addEventListener("scroll", () => hideTip(), { passive: true, capture: true });
  // A board drawn anew (a new state) takes its targets away: their tip and a waiting move go.
  setInterval(() => {
    if (armed && !armed.el.isConnected) disarm();
    if (shownFor && !shownFor.isConnected) hideTip(true);
  }, 300);
}
