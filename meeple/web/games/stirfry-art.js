// Stir Fry Eighteen: the pictures, drawn in SVG by us. Each ingredient is drawn in a 100×100
// box (used on the cards and as small icons in lines of text); a card is 100×140: the name on
// a band of its kind's colour, the picture, the base value in a disc, and its better values
// as the partner ingredients' icons with the points they give.

import { svg as s } from "../dom.js";

// Kind colours (band, ink): noodles wheat, vegetables green, soy brown, proteins red, tofu grey.
export const KIND = { noodles: "noodles", soy: "sauce", leek: "veg", ginger: "veg", mushroom: "veg", chicken: "meat", pork: "meat", shrimp: "meat", tofu: "tofu" };
const BAND = { noodles: ["#e0b84f", "#3b2b00"], veg: ["#4f8f3a", "#fff"], sauce: ["#7b5534", "#fff"], meat: ["#c9483a", "#fff"], tofu: ["#7d7d74", "#fff"] };

/** The picture of one ingredient in a 100×100 box. */
export function art(name) {
  switch (name) {
    case "noodles":
      return s("g", {},
        s("path", { d: "M62 6 L86 44 M74 4 L92 40", stroke: "#8a5a2b", "stroke-width": 4, "stroke-linecap": "round" }),
        ...[24, 34, 44, 54, 64, 74].map((x, i) => s("path", {
          d: `M${x} 52 C${x - 6} ${40 - (i % 2) * 6}, ${x + 8} ${34 - (i % 3) * 4}, ${x + 2} ${22 + (i % 2) * 6}`,
          stroke: "#e8c24a", "stroke-width": 4.5, fill: "none", "stroke-linecap": "round",
        })),
        s("path", { d: "M8 50 H92 C90 76 72 90 50 90 C28 90 10 76 8 50 Z", fill: "#c0392b", stroke: "#7e2318", "stroke-width": 2.5 }),
        s("path", { d: "M18 60 H82", stroke: "#f3d5a0", "stroke-width": 3, "stroke-dasharray": "6 5" }),
        s("rect", { x: 36, y: 88, width: 28, height: 6, rx: 2, fill: "#7e2318" }));
    case "leek":
      return s("g", {},
        s("path", { d: "M44 60 L22 6 L36 8 L50 52 Z", fill: "#3f8f2f", stroke: "#2a6420", "stroke-width": 2 }),
        s("path", { d: "M52 58 L66 4 L78 10 L58 60 Z", fill: "#5cab3c", stroke: "#2a6420", "stroke-width": 2 }),
        s("path", { d: "M46 58 L50 14 L56 14 L56 58 Z", fill: "#7cc04e" }),
        s("rect", { x: 42, y: 54, width: 18, height: 36, rx: 7, fill: "#f6f4e6", stroke: "#b8b59c", "stroke-width": 2 }),
        s("path", { d: "M46 90 l-6 8 M51 90 l0 9 M56 90 l6 8", stroke: "#b8a27a", "stroke-width": 2, "stroke-linecap": "round" }));
    case "ginger":
      return s("g", { fill: "#dcb46a", stroke: "#9c7330", "stroke-width": 2.5 },
        s("ellipse", { cx: 28, cy: 42, rx: 12, ry: 17, transform: "rotate(-25 28 42)" }),
        s("ellipse", { cx: 62, cy: 34, rx: 11, ry: 15, transform: "rotate(20 62 34)" }),
        s("ellipse", { cx: 80, cy: 54, rx: 11, ry: 12 }),
        s("ellipse", { cx: 50, cy: 62, rx: 36, ry: 20 }),
        s("path", { d: "M30 58 q4 6 0 12 M52 50 q4 8 0 16 M70 56 q4 6 0 12", fill: "none", stroke: "#b08a45", "stroke-width": 2 }));
    case "mushroom":
      return s("g", {},
        s("path", { d: "M40 50 C38 70 36 82 40 90 H60 C64 82 62 70 60 50 Z", fill: "#f3e5c8", stroke: "#b49a6a", "stroke-width": 2.5 }),
        s("path", { d: "M10 54 C12 20 88 20 90 54 C70 60 30 60 10 54 Z", fill: "#9a5a32", stroke: "#63371b", "stroke-width": 2.5 }),
        s("ellipse", { cx: 34, cy: 38, rx: 7, ry: 4, fill: "#c98c5e" }),
        s("ellipse", { cx: 60, cy: 32, rx: 6, ry: 3.5, fill: "#c98c5e" }),
        s("ellipse", { cx: 72, cy: 46, rx: 5, ry: 3, fill: "#c98c5e" }));
    case "soy":
      return s("g", {},
        s("rect", { x: 41, y: 8, width: 18, height: 10, rx: 2, fill: "#c0392b" }),
        s("path", { d: "M43 18 H57 V34 C70 40 72 46 72 56 V86 C72 91 68 94 63 94 H37 C32 94 28 91 28 86 V56 C28 46 30 40 43 34 Z", fill: "#3b2314", stroke: "#1d0f07", "stroke-width": 2 }),
        s("rect", { x: 33, y: 56, width: 34, height: 24, rx: 3, fill: "#f5e6c8" }),
        s("circle", { cx: 50, cy: 68, r: 7, fill: "#c0392b" }),
        s("path", { d: "M36 44 C40 40 44 40 46 38", stroke: "#8a6a55", "stroke-width": 2.5, fill: "none", "stroke-linecap": "round" }));
    case "chicken":
      return s("g", {},
        s("path", { d: "M58 62 L78 82", stroke: "#f7f1e3", "stroke-width": 10, "stroke-linecap": "round" }),
        s("circle", { cx: 82, cy: 80, r: 7, fill: "#f7f1e3", stroke: "#c9bfa6", "stroke-width": 1.5 }),
        s("circle", { cx: 76, cy: 88, r: 7, fill: "#f7f1e3", stroke: "#c9bfa6", "stroke-width": 1.5 }),
        s("ellipse", { cx: 40, cy: 42, rx: 31, ry: 25, transform: "rotate(40 40 42)", fill: "#c8793a", stroke: "#86461a", "stroke-width": 2.5 }),
        s("path", { d: "M26 30 C30 24 38 22 44 24", stroke: "#e6a867", "stroke-width": 4, fill: "none", "stroke-linecap": "round" }));
    case "pork":
      return s("g", {},
        s("rect", { x: 10, y: 28, width: 80, height: 48, rx: 12, fill: "#f0a29a", stroke: "#a9554c", "stroke-width": 2.5 }),
        s("path", { d: "M10 44 C30 36 50 52 90 42 V52 C50 62 30 46 10 54 Z", fill: "#fdf1ea" }),
        s("path", { d: "M14 32 H86", stroke: "#c86e63", "stroke-width": 5, "stroke-linecap": "round" }),
        s("path", { d: "M20 66 C34 62 50 70 80 64", stroke: "#fbe0da", "stroke-width": 3, fill: "none" }));
    case "shrimp":
      return s("g", {},
        s("path", { d: "M22 62 L6 52 L8 76 Z", fill: "#e0612a", stroke: "#9e3c12", "stroke-width": 2 }),
        s("path", { d: "M70 24 C96 40 86 86 50 82 C36 80 26 72 22 62", fill: "none", stroke: "#f07c3a", "stroke-width": 20, "stroke-linecap": "round" }),
        s("path", { d: "M70 24 C96 40 86 86 50 82 C36 80 26 72 22 62", fill: "none", stroke: "#fbb889", "stroke-width": 20, "stroke-linecap": "round", "stroke-dasharray": "3 12" }),
        s("circle", { cx: 72, cy: 28, r: 3, fill: "#222" }),
        s("path", { d: "M66 18 C56 6 40 4 26 10 M70 18 C66 8 58 2 48 2", stroke: "#9e3c12", "stroke-width": 2, fill: "none" }));
    case "tofu":
      return s("g", { "stroke-linejoin": "round", stroke: "#9a9a8e", "stroke-width": 2.5 },
        s("path", { d: "M16 36 L48 22 L86 32 L54 48 Z", fill: "#fbfbf5" }),
        s("path", { d: "M16 36 L54 48 L54 86 L16 72 Z", fill: "#f0efe4" }),
        s("path", { d: "M54 48 L86 32 L86 70 L54 86 Z", fill: "#dcdbcd" }));
    default:
      return s("g");
  }
}

/** A small picture of an ingredient for lines of text and dishes (not a card). */
export function icon(name, label = null) {
  return s("svg", {
    class: "sf-icon", viewBox: "0 0 100 100", width: 22, height: 22, focusable: "false",
    role: label ? "img" : null, "aria-hidden": label ? null : "true", "aria-label": label,
  }, label ? s("title", { text: label }) : null, art(name));
}

/** A card face, 100×140. `name` the ingredient; `title` its name in the current language;
 *  `values` [[points, partners]…] (the first is the base value); `lit` the partner lists the
 *  hand holds (their line is marked); `minus` tofu's value with another protein. */
export function cardFace(name, title, values, { lit = [], minus = null, label = "" } = {}) {
  const [band, ink] = BAND[KIND[name]];
  const long = title.length > 8;
  const rows = values.slice(1).map(([v, need], i) => {
    const y = 108 + i * 18;
    const on = lit.includes(i + 1);
    return s("g", { class: on ? "sf-lit" : null },
      on ? s("rect", { x: 6, y: y - 10, width: 88, height: 19, rx: 4, fill: "#dff3e4" }) : null,
      ...need.map((n, j) => s("g", { transform: `translate(${9 + j * 20} ${y - 9}) scale(0.18)` }, art(n))),
      s("text", { x: 54, y: y + 5, "text-anchor": "middle", class: "sf-val-note", text: "→" }),
      s("text", { x: 90, y: y + 5, "text-anchor": "end", class: "sf-val", text: `${v}` }));
  });
  if (minus !== null) {
    const y = 108 + rows.length * 18;
    rows.push(s("g", {},
      s("g", { transform: `translate(9 ${y - 9}) scale(0.18)` }, art("chicken")),
      s("g", { transform: `translate(29 ${y - 9}) scale(0.18)` }, art("pork")),
      s("text", { x: 54, y: y + 5, "text-anchor": "middle", class: "sf-val-note", text: "→" }),
      s("text", { x: 90, y: y + 5, "text-anchor": "end", class: "sf-val sf-val-minus", text: `${minus}` })));
  }
  return s("svg", { class: `sf-face sf-kind-${KIND[name]}`, viewBox: "0 0 100 140", role: "img", "aria-label": label },
    s("title", { text: label }),
    s("rect", { x: 2, y: 2, width: 96, height: 136, rx: 9, fill: "#fffdf5", stroke: band, "stroke-width": 4 }),
    s("path", { d: "M2 26 V11 Q2 2 11 2 H89 Q98 2 98 11 V26 Z", fill: band }),
    s("text", {
      x: 50, y: 20, "text-anchor": "middle", class: "sf-name", fill: ink, text: title,
      textLength: long ? 86 : null, lengthAdjust: long ? "spacingAndGlyphs" : null,
    }),
    s("g", { transform: "translate(24 28) scale(0.62)" }, art(name)),
    s("circle", { cx: 17, cy: 44, r: 13, fill: band, stroke: "#fff", "stroke-width": 2 }),
    s("text", { x: 17, y: 50.5, "text-anchor": "middle", class: "sf-base", fill: ink, text: String(values[0][0]) }),
    values.length > 1 || minus !== null ? s("path", { d: "M8 96 H92", stroke: "#e6dcc6", "stroke-width": 1.5 }) : null,
    ...rows);
}

/** The back of a card: the same for every card, so that a face-down card tells nothing. */
export function cardBack(label = "") {
  return s("svg", { class: "sf-face sf-back-face", viewBox: "0 0 100 140", role: label ? "img" : null, "aria-hidden": label ? null : "true", "aria-label": label || null },
    label ? s("title", { text: label }) : null,
    s("rect", { x: 2, y: 2, width: 96, height: 136, rx: 9, fill: "#b5462f", stroke: "#7f2d1d", "stroke-width": 3 }),
    s("rect", { x: 10, y: 10, width: 80, height: 120, rx: 6, fill: "none", stroke: "#f2c48d", "stroke-width": 2 }),
    ...[30, 50, 70, 90, 110].map((y) => s("path", { d: `M14 ${y} L30 ${y - 10} L50 ${y} L70 ${y - 10} L86 ${y}`, stroke: "#d8643f", "stroke-width": 3, fill: "none" })),
    s("circle", { cx: 50, cy: 70, r: 24, fill: "#7f2d1d", stroke: "#f2c48d", "stroke-width": 2 }),
    s("path", { d: "M32 66 H68 C67 78 60 84 50 84 C40 84 33 78 32 66 Z", fill: "#f2c48d" }),
    s("text", { x: 50, y: 62, "text-anchor": "middle", class: "sf-back-18", text: "18" }));
}
