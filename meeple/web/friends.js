// #/friends: your invites (accept, decline) and your friends (add by name, remove, their
// running and finished games) — issue #39.

import { del, get, post } from "./api.js";
import { h, toast } from "./dom.js";
import { errorText, t } from "./i18n.js";
import { inviteList } from "./invites.js";
import { gameName } from "./lobby.js";
import { me } from "./session.js";

const SHOWN_GAMES = 5;

/** A friend's table: its game and status, linked to the table (or its replay when over). */
function tableLink(table) {
  const href = table.status === "finished" ? `#/replay/${table.id}` : `#/table/${table.id}`;
  return h("li", {}, h("a", { href, text: gameName(table.game) }), " ",
    h("span", { class: "muted", text: t(`table.status.${table.status}`) }));
}

function friendItem(friend, removed) {
  const games = friend.tables.slice(0, SHOWN_GAMES);
  return h("li", { class: "card friend", "data-friend": friend.id },
    h("div", { class: "row" },
      h("a", { class: "friend-name", href: `#/player/${friend.id}`, text: friend.name }),
      h("button", { type: "button", class: "link remove-friend", text: t("friends.remove"), "aria-label": t("friends.remove_named", { name: friend.name }), onclick: async () => {
        try {
          removed(await del(`/api/me/friends/${friend.id}`));
        } catch (err) {
          toast(errorText(err.code, err.message), "error");
        }
      } })),
    games.length
      ? h("ul", { class: "friend-games" }, games.map(tableLink))
      : h("p", { class: "muted", text: t("friends.no_games") }));
}

export async function showFriends(root) {
  // Asked again: a guest who registered since the page loaded now has friends.
  const player = await me(true);
  root.append(h("h1", { id: "friends-title", text: t("friends.title") }));
  if (!player) {
    root.append(h("p", { class: "muted", text: t("settings.sign_in") }));
    return null;
  }
  const invites = h("section", { class: "invites", "aria-labelledby": "invites-title" });
  const friends = h("section", { class: "friends", "aria-labelledby": "friends-list-title" });
  root.append(invites, friends);

  const drawInvites = async () => {
    const { invites: pending } = await get("/api/me/invites");
    invites.replaceChildren(h("h2", { id: "invites-title", text: t("invites.title") }), inviteList(pending, drawInvites));
  };
  const drawFriends = (list) => {
    friends.replaceChildren(h("h2", { id: "friends-list-title", text: t("friends.list") }));
    if (!player.registered) {
      friends.append(h("p", { class: "muted", text: t("friends.registered_only") }));
      return;
    }
    const name = h("input", { id: "friend-name", name: "name", required: true, maxlength: 24, autocomplete: "off" });
    const form = h("form", { class: "row add-friend" },
      h("label", { for: "friend-name", text: t("friends.add_label") }), name,
      h("button", { type: "submit", id: "friend-add", class: "primary", text: t("friends.add") }));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      try {
        drawFriends((await post("/api/me/friends", { name: name.value })).friends);
        document.getElementById("friend-name")?.focus();
      } catch (err) {
        toast(errorText(err.code, err.message), "error");
      }
    });
    friends.append(form, list.length
      ? h("ul", { class: "friend-list", id: "friend-list" }, list.map((f) => friendItem(f, (answer) => drawFriends(answer.friends))))
      : h("p", { class: "muted", id: "no-friends", text: t("friends.none") }));
  };
  await drawInvites();
  drawFriends(player.registered ? (await get("/api/me/friends")).friends : []);
  return null;
}
