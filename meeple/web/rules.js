// A game's rules page: the fragment rules/<game>.<lang>.html inside the page frame.

import { h } from "./dom.js";
import { lang, t } from "./i18n.js";

export async function showRules(root, game) {
  const body = h("div", { class: "rules-page card", "aria-live": "polite" });
  root.append(h("p", { class: "row" }, h("a", { href: "#/", text: `← ${t("nav.lobby")}` }),
    h("a", { href: `#/learn/${encodeURIComponent(game)}`, class: "learn-link", text: t("learn.link") })), body);
  const load = async () => {
    const response = await fetch(`/rules/${encodeURIComponent(game)}.${lang()}.html`);
    if (!response.ok) {
      body.replaceChildren(h("p", { class: "error", text: t("rules.missing") }));
      return;
    }
    // Our own static files, written by us: safe to insert as HTML.
    body.innerHTML = await response.text();
  };
  await load();
  return { relabel: load };
}
