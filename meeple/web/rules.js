// A game's rules page: the fragment rules/<game>.<lang>.html inside the page frame, or inside
// the table's Rules drawer (rulesInto). A fragment's pictures are placeholders
//   <figure data-position="bison/turn-1"><figcaption>…</figcaption></figure>
// each filled with the board its game's own renderer draws for that position, as a spectator
// (or the position's seat) sees it, with nothing to click: the position's view comes from
// GET /api/positions/<game>/<name> (meeple/positions.py; docs/web.md says how to add one).

import { get } from "./api.js";
import { h } from "./dom.js";
import { lang, t } from "./i18n.js";

const SEATS = 6;

/** The seats of a position, named by their colours (the pages' captions say "Red", "Blue"). */
function seatsOf(count) {
  return Array.from({ length: Math.min(count, SEATS) }, (_, seat) => ({ seat, name: t(`rules.colour.${seat}`), kind: "human", level: null }));
}

/** The renderer's module for one picture. Each picture gets its own instance of the module
 *  (the query string makes it a module of its own), since a renderer keeps what it drew last
 *  in module variables (for redrawing on resize) and must not lose the live table's board to
 *  a picture in the Rules drawer beside it. */
async function pictureRenderer(game, key) {
  if (!document.querySelector(`link[data-game-css="${game}"]`)) {
    const css = h("link", { rel: "stylesheet", href: `/games/${game}.css`, "data-game-css": game });
    const styled = new Promise((resolve) => {
      css.addEventListener("load", resolve);
      css.addEventListener("error", resolve);
    });
    document.head.append(css);
    await styled;
  }
  const module = await import(`./games/${game}.js?picture=${encodeURIComponent(key)}`);
  return module.default;
}

/** Draw one <figure data-position="game/name"> with its game's renderer. */
async function drawFigure(figure, key) {
  const [game, name] = key.split("/");
  // A picture, not a game: inert (nothing on it is focused or clicked, its zoom buttons
  // included); its caption says what it shows.
  const board = h("div", { class: `board rules-board board-${game}`, inert: true });
  figure.prepend(board);
  try {
    const [picture, renderer] = await Promise.all([
      get(`/api/positions/${encodeURIComponent(game)}/${encodeURIComponent(name)}`),
      pictureRenderer(game, key),
    ]);
    const view = picture.view;
    renderer.render(board, {
      view, legal: [], seat: picture.seat, toMove: picture.to_move, players: seatsOf(picture.players),
      act: () => {}, t, lang: lang(), over: picture.over, previous: picture.before, before: picture.before ?? view,
      recent: [], animate: false, deadline: null, log: view.events ?? [],
      showScores: () => {}, holdResult: () => () => {}, redraw: () => {},
    });
    figure.dataset.drawn = "true";
  } catch (err) {
    board.replaceChildren(h("p", { class: "error", text: t("rules.no_picture") }));
    figure.dataset.drawn = "failed";
    console.warn("rules picture", key, err);
  }
}

/** Load a game's rules in the current language into `body`, with its pictures drawn. */
export async function rulesInto(body, game) {
  const response = await fetch(`/rules/${encodeURIComponent(game)}.${lang()}.html`);
  if (!response.ok) {
    body.replaceChildren(h("p", { class: "error", text: t("rules.missing") }));
    return;
  }
  // Our own static files, written by us: safe to insert as HTML.
  body.innerHTML = await response.text();
  const figures = [...body.querySelectorAll("figure[data-position]")];
  await Promise.all(figures.map((f) => drawFigure(f, f.dataset.position)));
  body.dataset.pictures = "drawn";
}

export async function showRules(root, game) {
  const body = h("div", { class: "rules-page card", "aria-live": "polite" });
  const links = h("p", { class: "row" }, h("a", { href: "#/", text: `← ${t("nav.lobby")}` }),
    h("a", { href: `#/learn/${encodeURIComponent(game)}`, class: "learn-link", text: t("learn.link") }));
  root.append(links, body);
  // The tutorial's add-on lessons (a variant's, an advanced rule's), beside it: the rules
  // below describe those variants.
  get("/api/games").then(({ games }) => {
    const lessons = games.find((g) => g.id === game)?.lessons ?? [];
    links.append(...lessons.map((name) => h("a", { href: `#/learn/${encodeURIComponent(game)}/${name}`, class: "learn-link learn-addon",
      text: t("learn.addon", { name: t(`learn.${game}.addon.${name}`) }) })));
  }).catch((err) => console.warn("add-on lessons", err)); // the rules are there all the same

  const load = () => rulesInto(body, game);
  await load();
  return { relabel: load };
}

/** The table's Rules button and the drawer it opens: the same page as #/rules/<game>, beside
 *  the board on a desktop (the table page makes room for it), over the whole screen on a
 *  phone; the game goes on under it. Loaded on first opening, again after a change of
 *  language. Returns {button, element}. */
export function rulesDrawer(game) {
  const body = h("div", { class: "rules-page" });
  const close = h("button", { type: "button", class: "rules-close", "data-t": "rules.close", text: "×", "aria-label": t("rules.close") });
  const element = h("aside", { class: "rules-drawer", id: "rules-drawer", hidden: true, tabindex: "-1", "aria-label": t("rules.panel") },
    h("div", { class: "rules-drawer-head" }, close), body);
  const button = h("button", { type: "button", id: "rules-button", class: "rules-button", "aria-controls": "rules-drawer", "aria-expanded": "false",
    "data-t": "rules.open", text: t("rules.open") });
  let loaded = null; // the language the drawer's page is in
  const show = (open) => {
    element.hidden = !open;
    button.setAttribute("aria-expanded", String(open));
    element.closest(".table-page")?.classList.toggle("rules-open", open);
    if (open && loaded !== lang()) {
      loaded = lang();
      rulesInto(body, game);
    }
    if (open) element.focus();
  };
  button.addEventListener("click", () => show(element.hidden));
  close.addEventListener("click", () => {
    show(false);
    button.focus();
  });
  element.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      show(false);
      button.focus();
    }
  });
  return { button, element };
}
