// Invites (issue #39): on an open table, invite a registered player by name to a free seat
// (the seat is then held for them); what you were invited to, with accept and decline.

import { get, post } from "./api.js";
import { h, toast } from "./dom.js";
import { errorText, t } from "./i18n.js";
import { gameName } from "./lobby.js";

/** The table page's "invite by name" form and the seats held by invites, made once per page
 *  (the page draws it again at every message: the same element keeps what is typed). */
export function invitePanel(tableId) {
  const held = h("ul", { class: "held-seats", id: "held-seats" });
  const refresh = async () => {
    try {
      const { held: seats } = await get(`/api/tables/${tableId}/invites`);
      held.replaceChildren(...seats.map((s) => h("li", { text: t("invites.held", { seat: s.seat + 1, name: s.player.name }) })));
    } catch {
      held.replaceChildren();
    }
  };
  const name = h("input", { id: "invite-name", name: "name", required: true, maxlength: 24, autocomplete: "off" });
  const form = h("form", { class: "row invite-by-name" },
    h("label", { for: "invite-name", text: t("invites.by_name") }), name,
    h("button", { type: "submit", id: "invite-send", text: t("invites.send") }));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await post(`/api/tables/${tableId}/invites`, { name: name.value });
      toast(t("invites.sent", { name: name.value }));
      name.value = "";
      refresh();
    } catch (err) {
      toast(errorText(err.code, err.message), "error");
    }
  });
  refresh();
  return h("div", { class: "invite-panel" }, form, held);
}

/** Your pending invites, each with its table, accept and decline; `changed` after an answer. */
export function inviteList(invites, changed) {
  if (!invites.length) return h("p", { class: "muted", id: "no-invites", text: t("invites.none") });
  return h("ul", { class: "invite-list", id: "invite-list" }, invites.map((inv) =>
    h("li", { class: "card invite-item", "data-invite": inv.id },
      h("p", { text: t("invites.from", { name: inv.by.name, game: gameName(inv.game), seat: inv.seat + 1 }) }),
      h("div", { class: "row" },
        h("button", { type: "button", class: "primary accept-invite", text: t("invites.accept"), onclick: async () => {
          try {
            await post(`/api/invites/${inv.id}/accept`);
            location.hash = `#/table/${inv.table}`;
          } catch (err) {
            toast(errorText(err.code, err.message), "error");
            changed();
          }
        } }),
        h("button", { type: "button", class: "decline-invite", text: t("invites.decline"), onclick: async () => {
          try {
            await post(`/api/invites/${inv.id}/decline`);
            toast(t("invites.declined"));
          } catch (err) {
            toast(errorText(err.code, err.message), "error");
          }
          changed();
        } }),
        h("a", { href: `#/table/${inv.table}`, text: t("invites.look") })))));
}
