// Schlacht am Buffet: the pictures (dishes, mice, mouse cards), all SVG drawn here.
//
// Every drawing is a <g> in its own small coordinate box, placed by the caller with a
// transform, so the same dish appears on the buffet, in a player's stacks and in the rank.

import { svg as s } from "../dom.js";

export const KINDS = ["cheese", "salami", "sausage", "pizza", "chicken", "salad"]; // best first

/** The tile colour of each dish kind: a light background and a darker rim. */
export const KIND_COLOUR = {
  cheese: ["#fff3c4", "#c99a00"],
  salami: ["#fde0dc", "#a8322a"],
  sausage: ["#f6e3d3", "#8a4a22"],
  pizza: ["#ffe8cc", "#d26a12"],
  chicken: ["#f8ecd9", "#9c6a2c"],
  salad: ["#e3f4d9", "#3f8a2a"],
};

export function signed(v) {
  return v < 0 ? `−${-v}` : String(v);
}

/** The food of a dish kind, drawn in a 40×40 box. */
export function food(kind) {
  switch (kind) {
    case "cheese": // a wedge with holes
      return s("g", {},
        s("path", { d: "M4 30 L36 30 L36 17 L4 25 Z", fill: "#f5c53a", stroke: "#8a6400", "stroke-width": 1.4, "stroke-linejoin": "round" }),
        s("path", { d: "M4 25 L36 17 L30 10 Z", fill: "#ffe07a", stroke: "#8a6400", "stroke-width": 1.4, "stroke-linejoin": "round" }),
        s("ellipse", { cx: 12, cy: 27, rx: 2.2, ry: 1.8, fill: "#c98f00" }),
        s("ellipse", { cx: 22, cy: 25.5, rx: 3, ry: 2.2, fill: "#c98f00" }),
        s("ellipse", { cx: 31, cy: 26, rx: 1.8, ry: 1.5, fill: "#c98f00" }),
        s("ellipse", { cx: 27, cy: 15, rx: 1.8, ry: 0.9, fill: "#d9a920" }));
    case "salami": // a sausage end and two slices
      return s("g", {},
        s("rect", { x: 3, y: 10, width: 22, height: 14, rx: 7, fill: "#8e2a22", stroke: "#4e140f", "stroke-width": 1.3 }),
        s("circle", { cx: 26, cy: 25, r: 10, fill: "#c0392b", stroke: "#5e1b13", "stroke-width": 1.4 }),
        s("circle", { cx: 22, cy: 22, r: 1.6, fill: "#fbe3da" }),
        s("circle", { cx: 29, cy: 21, r: 1.3, fill: "#fbe3da" }),
        s("circle", { cx: 27, cy: 28, r: 1.8, fill: "#fbe3da" }),
        s("circle", { cx: 21, cy: 29, r: 1.2, fill: "#fbe3da" }),
        s("circle", { cx: 32, cy: 26, r: 1.1, fill: "#fbe3da" }));
    case "sausage": // two links on a plate
      return s("g", {},
        s("ellipse", { cx: 20, cy: 28, rx: 17, ry: 6, fill: "#fff", stroke: "#b8aa98", "stroke-width": 1 }),
        s("path", { d: "M6 22 Q20 8 34 20", fill: "none", stroke: "#5a2a10", "stroke-width": 9.5, "stroke-linecap": "round" }),
        s("path", { d: "M6 22 Q20 8 34 20", fill: "none", stroke: "#a5532a", "stroke-width": 7, "stroke-linecap": "round" }),
        s("path", { d: "M8 29 Q20 19 33 28", fill: "none", stroke: "#5a2a10", "stroke-width": 8.5, "stroke-linecap": "round" }),
        s("path", { d: "M8 29 Q20 19 33 28", fill: "none", stroke: "#b9643a", "stroke-width": 6, "stroke-linecap": "round" }),
        s("path", { d: "M14 15 q4 -2 7 -1.5", fill: "none", stroke: "#e7a47c", "stroke-width": 1.3, "stroke-linecap": "round" }));
    case "pizza": // a slice with salami and olives
      return s("g", {},
        s("path", { d: "M20 37 L4 9 Q20 1 36 9 Z", fill: "#f7c25c", stroke: "#9b5518", "stroke-width": 1.4, "stroke-linejoin": "round" }),
        s("path", { d: "M4 9 Q20 1 36 9 L34 12.5 Q20 5 6 12.5 Z", fill: "#d98b36" }),
        s("circle", { cx: 15, cy: 15, r: 3, fill: "#c0392b" }),
        s("circle", { cx: 25, cy: 14, r: 3, fill: "#c0392b" }),
        s("circle", { cx: 20, cy: 24, r: 2.8, fill: "#c0392b" }),
        s("circle", { cx: 20, cy: 15.5, r: 1.2, fill: "#2f2f2f" }),
        s("circle", { cx: 17, cy: 30, r: 1, fill: "#3d7a2a" }));
    case "chicken": // a drumstick, the bone up to the right
      return s("g", {},
        s("path", { d: "M20 20 L31 9", stroke: "#f3eee1", "stroke-width": 5, "stroke-linecap": "round" }),
        s("path", { d: "M20 20 L31 9", stroke: "#8c7b66", "stroke-width": 0.8, fill: "none" }),
        s("circle", { cx: 30.5, cy: 6, r: 3, fill: "#f3eee1", stroke: "#8c7b66", "stroke-width": 1 }),
        s("circle", { cx: 34, cy: 9.5, r: 3, fill: "#f3eee1", stroke: "#8c7b66", "stroke-width": 1 }),
        s("path", { d: "M24 17 C30 25 24 36 14 36 C6 36 2 30 4 23 C6 15 17 10 24 17 Z", fill: "#c97a2c", stroke: "#6b3e12", "stroke-width": 1.4 }),
        s("path", { d: "M8 23 C10 19 14 17 18 17", fill: "none", stroke: "#e9a85b", "stroke-width": 2.2, "stroke-linecap": "round" }));
    default: // salad: a bowl of leaves with a tomato
      return s("g", {},
        s("circle", { cx: 13, cy: 19, r: 7, fill: "#4f9a2f" }),
        s("circle", { cx: 21, cy: 15, r: 7.5, fill: "#6fc04b" }),
        s("circle", { cx: 28, cy: 19, r: 6, fill: "#58a83a" }),
        s("circle", { cx: 25, cy: 21, r: 3.6, fill: "#d93b2b" }),
        s("circle", { cx: 16, cy: 14, r: 2.2, fill: "#a8dd7c" }),
        s("path", { d: "M3 21 L37 21 Q35 36 20 36 Q5 36 3 21 Z", fill: "#fdfaf3", stroke: "#8a8170", "stroke-width": 1.4 }),
        s("path", { d: "M8 27 L32 27", stroke: "#7fb3d5", "stroke-width": 2 }));
  }
}

/** A dish tile in a size×size box at (0, 0): the food on the kind's colour, the value in a
 *  corner, as on the printed tiles (a dish `{kind}` without a value: the kind alone). */
export function dishTile(dish, size = 48) {
  const k = size / 48;
  const [bg, rim] = KIND_COLOUR[dish.kind];
  const withValue = dish.value !== null && dish.value !== undefined;
  return s("g", { class: `buffet-dish buffet-kind-${dish.kind}` },
    s("rect", { x: 1, y: 1, width: size - 2, height: size - 2, rx: 7 * k, fill: bg, stroke: rim, "stroke-width": 2.2 * k }),
    s("g", { transform: withValue ? `translate(${2.5 * k} ${2 * k}) scale(${k * 0.88})` : `translate(${4 * k} ${4 * k}) scale(${k})` }, food(dish.kind)),
    withValue ? s("circle", { cx: size - 11 * k, cy: size - 11 * k, r: 9.5 * k, fill: "#fff", stroke: rim, "stroke-width": 1.6 * k }) : null,
    withValue ? s("text", { x: size - 11 * k, y: size - 6.3 * k, "text-anchor": "middle", class: "buffet-dish-value", "font-size": (dish.value < 0 ? 12 : 14) * k }, signed(dish.value)) : null);
}

/** A dish as a stand-alone <svg> for the HTML parts of the page. */
export function dishSvg(dish, label, size = 40) {
  return s("svg", { viewBox: `0 0 ${size} ${size}`, width: size, height: size, class: "buffet-dish-svg", role: "img", "aria-label": label },
    dishTile(dish, size));
}

/** A mouse seen from the side, facing right, about 36×20 around (0, 0), in colour `fill`
 *  (a seat's: `var(--seat-2)`). */
export function mouseShape(fill) {
  return s("g", { class: "buffet-mouse-shape" },
    s("path", { d: "M-12 4 C-18 5 -20 0 -17 -4 C-15 -7 -19 -10 -22 -8", fill: "none", stroke: fill, "stroke-width": 1.8, "stroke-linecap": "round" }),
    s("path", { d: "M-13 4 C-14 -6 -2 -10 6 -5 C9 -3 12 -1 15 2 C12 5 6 7 -2 7 C-8 7 -12 6.5 -13 4 Z", fill, stroke: "#fff", "stroke-width": 1.3, "stroke-linejoin": "round", class: "buffet-mouse-body" }),
    s("circle", { cx: 3, cy: -7, r: 4.6, fill, stroke: "#fff", "stroke-width": 1.3 }),
    s("circle", { cx: 3, cy: -7, r: 2.4, fill: "#f4b6b6" }),
    s("circle", { cx: 9, cy: -1.5, r: 1.3, fill: "#111" }),
    s("circle", { cx: 15.2, cy: 2, r: 1.6, fill: "#222" }),
    s("path", { d: "M14 3 l5 -1.5 M14 3.5 l5 1", stroke: "#555", "stroke-width": 0.5 }));
}

/** A mouse card's face: its value large, a small running mouse. */
export function cardFace(value) {
  return s("g", { class: "buffet-card-g" },
    s("rect", { x: 1, y: 1, width: 42, height: 60, rx: 5, class: "buffet-card-face" }),
    s("text", { x: 22, y: 31, "text-anchor": "middle", class: "buffet-card-value" }, signed(value)),
    s("g", { transform: "translate(22 47) scale(0.7)", class: "buffet-card-mouse" }, mouseShape("#a39481")));
}

/** A mouse card's back (a card chosen face down). */
export function cardBack() {
  return s("g", { class: "buffet-card-g" },
    s("rect", { x: 1, y: 1, width: 42, height: 60, rx: 5, class: "buffet-card-back" }),
    s("rect", { x: 5, y: 5, width: 34, height: 52, rx: 3, fill: "none", stroke: "#e8d9a8", "stroke-width": 1 }),
    s("g", { transform: "translate(22 31) scale(0.8)" }, mouseShape("#e8d9a8")));
}

/** A card as a stand-alone <svg> (44×62 box). */
export function cardSvg(value, cls = "") {
  return s("svg", { viewBox: "0 0 44 62", class: `buffet-card-svg ${cls}`, "aria-hidden": "true" },
    value === null ? cardBack() : cardFace(value));
}
