// Café International: the pictures, drawn in SVG by us. The twelve flags (simplified, but each
// recognisable by its colours and its one emblem), the guests as man and woman pictograms whose
// clothes are their country's flag, the jokers in rainbow colours with a gold star (the
// rulebook: 国旗も髪の色もカラフル, a colourful flag and colourful hair).
//
// Everything is defined once as <symbol>s in the board's <defs> (`defs()`), and placed with
// <use>: `guestUse()` on the board, `guestIcon()` in the hands (a small <svg> of its own that
// points into the board's symbols, which are in the same document).

import { svg as s } from "../dom.js";

export const COUNTRY_CODES = ["AFR", "GER", "GBR", "CHN", "CUB", "ESP", "USA", "FRA", "IND", "ITA", "TUR", "RUS"];

/** The points of a five-pointed star centred on (cx, cy), outer radius r. */
export function star(cx, cy, r, fill, attrs = {}) {
  const points = [];
  for (let i = 0; i < 10; i += 1) {
    const radius = i % 2 ? r * 0.4 : r;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push(`${(cx + radius * Math.cos(angle)).toFixed(2)},${(cy + radius * Math.sin(angle)).toFixed(2)}`);
  }
  return s("polygon", { points: points.join(" "), fill, ...attrs });
}

const rect = (x, y, width, height, fill) => s("rect", { x, y, width, height, fill });
const bands = (colours, vertical = false) => colours.map((c, i) => vertical
  ? rect((30 / colours.length) * i, 0, 30 / colours.length + 0.05, 20, c)
  : rect(0, (20 / colours.length) * i, 30, 20 / colours.length + 0.05, c));

/** Each flag drawn on a 30×20 field. */
const FLAGS = {
  // "Africa" is a continent: the pan-African colours with a black star, as on the game's tiles
  // a flag that says Africa rather than one country.
  AFR: () => [...bands(["#d21f26", "#f5c400", "#1e8a3a"]), star(15, 10, 4.2, "#111")],
  GER: () => bands(["#111", "#dd0000", "#ffce00"]),
  GBR: () => [
    rect(0, 0, 30, 20, "#012169"),
    s("path", { d: "M0,0 L30,20 M30,0 L0,20", stroke: "#fff", "stroke-width": 4 }),
    s("path", { d: "M0,0 L30,20 M30,0 L0,20", stroke: "#c8102e", "stroke-width": 1.4 }),
    s("path", { d: "M15,0 V20 M0,10 H30", stroke: "#fff", "stroke-width": 6 }),
    s("path", { d: "M15,0 V20 M0,10 H30", stroke: "#c8102e", "stroke-width": 3.4 }),
  ],
  CHN: () => [rect(0, 0, 30, 20, "#de2910"), star(5.5, 5.5, 3.4, "#ffde00"),
    star(11, 2.2, 1.1, "#ffde00"), star(13, 4.6, 1.1, "#ffde00"), star(13, 7.6, 1.1, "#ffde00"), star(11, 9.8, 1.1, "#ffde00")],
  CUB: () => [...bands(["#002a8f", "#fff", "#002a8f", "#fff", "#002a8f"]),
    s("polygon", { points: "0,0 13,10 0,20", fill: "#cf142b" }), star(4.6, 10, 2.9, "#fff")],
  ESP: () => [rect(0, 0, 30, 20, "#aa151b"), rect(0, 5, 30, 10, "#f1bf00")],
  USA: () => [
    ...Array.from({ length: 7 }, (_, i) => rect(0, (i * 20) / 6.5, 30, 20 / 13 + 0.05, "#b22234")),
    rect(0, 20 / 13, 30, 20 / 13, "#fff"), rect(0, 60 / 13, 30, 20 / 13, "#fff"), rect(0, 100 / 13, 30, 20 / 13, "#fff"),
    rect(0, 140 / 13, 30, 20 / 13, "#fff"), rect(0, 180 / 13, 30, 20 / 13, "#fff"), rect(0, 220 / 13, 30, 20 / 13, "#fff"),
    rect(0, 0, 13, 140 / 13, "#3c3b6e"),
    ...[2.2, 5.3, 8.4].flatMap((y) => [2.2, 6.5, 10.8].map((x) => s("circle", { cx: x, cy: y, r: 0.9, fill: "#fff" }))),
  ],
  FRA: () => bands(["#0055a4", "#fff", "#ef4135"], true),
  IND: () => [...bands(["#ff9933", "#fff", "#138808"]),
    s("circle", { cx: 15, cy: 10, r: 2.6, fill: "none", stroke: "#000080", "stroke-width": 0.9 }),
    s("circle", { cx: 15, cy: 10, r: 0.8, fill: "#000080" })],
  ITA: () => bands(["#009246", "#fff", "#ce2b37"], true),
  TUR: () => [rect(0, 0, 30, 20, "#e30a17"), s("circle", { cx: 11, cy: 10, r: 5, fill: "#fff" }),
    s("circle", { cx: 12.4, cy: 10, r: 4, fill: "#e30a17" }), star(18, 10, 2.5, "#fff")],
  RUS: () => bands(["#fff", "#0039a6", "#d52b1e"]),
  JKR: () => bands(["#e53935", "#fb8c00", "#fdd835", "#43a047", "#1e88e5", "#8e24aa"], true),
};

// The guests: pictograms in a 100×100 box centred on 0,0. The body (a suit for the man, a dress
// for the woman) is cut from the country's flag; the outline is drawn over it.
const BODY = {
  M: "M-31,46 V2 Q-31,-11 -16,-13 H16 Q31,-11 31,2 V46 Z",
  W: "M-12,-13 H12 Q19,-13 21,-5 L36,46 H-36 L-21,-5 Q-19,-13 -12,-13 Z",
};
const SKIN = "#f1cfa9";
const INK = "#2b2118";

function figure(code) {
  const [country, sex] = code.split("-");
  const joker = country === "JKR";
  const hairFill = joker ? "url(#cafe-rainbow-hair)" : "#4a3426";
  const line = { stroke: INK, "stroke-width": 2.5, "stroke-linejoin": "round" };
  const parts = [];
  // Long hair down to the shoulders: the outline that tells a woman apart at a glance.
  if (sex === "W") parts.push(s("path", { d: "M-19,-28 Q-21,-50 0,-50 Q21,-50 19,-28 Q22,-12 15,-5 H-15 Q-22,-12 -19,-28 Z", fill: hairFill, ...line }));
  parts.push(
    // The clip on a group: on the <use> itself it would move with the use's x and y.
    s("g", { "clip-path": `url(#cafe-clip-${sex})` }, s("use", { href: `#cafe-flag-${country}`, x: -37, y: -14, width: 74, height: 61 })),
    s("path", { d: BODY[sex], fill: "none", ...line, "stroke-width": 3 }));
  // The man's white collar and dark tie.
  if (sex === "M") {
    parts.push(s("path", { d: "M-10,-13 L0,1 L10,-13 Z", fill: "#fff", ...line, "stroke-width": 1.5 }),
      s("path", { d: "M-3,-7 H3 L5,17 L0,23 L-5,17 Z", fill: "#222", stroke: "#fff", "stroke-width": 1 }));
  }
  parts.push(s("circle", { cx: 0, cy: -29, r: 14, fill: SKIN, ...line }));
  parts.push(sex === "M"
    ? s("path", { d: "M-14,-30 A14,14 0 0 1 14,-30 Q4,-38 -14,-30 Z", fill: hairFill, ...line, "stroke-width": 1.5 })
    : s("path", { d: "M-14,-30 A14,14 0 0 1 14,-30 Q3,-37 -4,-34 Q-9,-32 -14,-30 Z", fill: hairFill, ...line, "stroke-width": 1.5 }));
  // The joker's gold star: told apart from every country's guest even in a small picture.
  if (joker) parts.push(star(29, -34, 17, "#ffc400", { stroke: INK, "stroke-width": 2.5, "stroke-linejoin": "round" }));
  return s("symbol", { id: `cafe-guest-${code}`, viewBox: "-50 -50 100 100", overflow: "visible" }, parts);
}

/** The <defs> every Café picture uses: flags, guests, gradients. Put it in the board's SVG. */
export function defs() {
  const codes = [...COUNTRY_CODES, "JKR"].flatMap((c) => [`${c}-M`, `${c}-W`]);
  return s("defs", {},
    s("linearGradient", { id: "cafe-rainbow-hair", x1: 0, y1: 0, x2: 1, y2: 0 },
      ["#e53935", "#fdd835", "#43a047", "#1e88e5", "#8e24aa"].map((c, i) => s("stop", { offset: `${i * 25}%`, "stop-color": c }))),
    s("linearGradient", { id: "cafe-wood", x1: 0, y1: 0, x2: 0, y2: 1 },
      s("stop", { offset: "0%", "stop-color": "#a8703f" }), s("stop", { offset: "100%", "stop-color": "#7a4a26" })),
    s("radialGradient", { id: "cafe-top", cx: "40%", cy: "35%", r: "70%" },
      s("stop", { offset: "0%", "stop-color": "#d9a46c" }), s("stop", { offset: "100%", "stop-color": "#9c6233" })),
    ...Object.entries(FLAGS).map(([code, draw]) => s("symbol", { id: `cafe-flag-${code}`, viewBox: "0 0 30 20", preserveAspectRatio: "none" }, draw())),
    ...Object.entries(BODY).map(([sex, d]) => s("clipPath", { id: `cafe-clip-${sex}` }, s("path", { d }))),
    ...codes.map(figure));
}

/** A guest figure of `size` user units centred on (cx, cy). */
export function guestUse(code, cx, cy, size) {
  return s("use", { href: `#cafe-guest-${code}`, x: cx - size / 2, y: cy - size / 2, width: size, height: size, class: "cafe-figure" });
}

/** A flag w×h with its top-left corner at (x, y), in a thin frame (white bands need one). */
export function flagUse(country, x, y, w, h) {
  return s("g", { class: "cafe-flag" },
    s("use", { href: `#cafe-flag-${country}`, x, y, width: w, height: h }),
    s("rect", { x, y, width: w, height: h, fill: "none", stroke: "#3a2a1c", "stroke-width": Math.max(0.8, w / 30) }));
}

/** A guest as a small standalone picture (the hands): an <svg> using the board's symbols. */
export function guestIcon(code) {
  return s("svg", { viewBox: "-50 -50 100 100", class: "cafe-icon", "aria-hidden": "true", focusable: "false" },
    s("use", { href: `#cafe-guest-${code}`, x: -50, y: -50, width: 100, height: 100 }));
}
