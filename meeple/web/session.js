// Who is playing: the player of this browser's session cookie, and the forms to become one.

import { get, post } from "./api.js";
import { h, toast } from "./dom.js";
import { errorText, t } from "./i18n.js";

let player;

/** The signed-in player (or null), asked of the server once. */
export async function me(refresh = false) {
  if (player === undefined || refresh) player = (await get("/api/me")).player;
  showWho();
  return player;
}

function showWho() {
  const who = document.getElementById("who");
  if (!who) return;
  who.replaceChildren();
  if (!player) {
    // Nobody asks for a name to look around: the lobby, running tables and replays are open to
    // all. A name is asked when you create or join a table, or here.
    who.append(h("button", { type: "button", class: "link", id: "sign-in", text: t("session.login_or_guest"), onclick: async () => {
      // Signed in from the header: the page is drawn again for a player (the lobby's forms, a
      // table's chat). A flow that asks for a name itself (create, join) goes on by itself.
      if (await askName()) window.dispatchEvent(new Event("meeple:signed-in"));
    } }));
    return;
  }
  who.append(h("span", { class: "who-name", text: player.name }));
  who.append(
    h("button", {
      type: "button", class: "link", text: t("session.logout"),
      onclick: async () => {
        await post("/api/logout");
        player = null;
        showWho();
        location.hash = "#/";
        window.dispatchEvent(new Event("hashchange"));
      },
    }),
  );
}

/** A form asking for a name (guest), or a username and password (account), drawn into `root`.
 *  Resolves once the player exists, or with null when `cancel` (a button's label key) is given
 *  and pressed. */
export function signIn(root, cancel = null) {
  return new Promise((resolve) => {
    let mode = "guest";
    const error = h("p", { class: "error", role: "alert" });
    const draw = () => {
      const fields =
        mode === "guest"
          ? [h("label", {}, t("session.name"), h("input", { name: "name", required: true, maxlength: 24, autocomplete: "nickname", id: "guest-name" }))]
          : [
              h("label", {}, t("session.username"), h("input", { name: "username", required: true, minlength: 3, maxlength: 24, autocomplete: "username" })),
              h("label", {}, t("session.password"), h("input", { name: "password", type: "password", required: true, minlength: 8, maxlength: 128, autocomplete: mode === "login" ? "current-password" : "new-password" })),
            ];
      const submit = { guest: "session.play", login: "session.login", register: "session.register" }[mode];
      const form = h("form", { class: "card signin", "aria-label": t("session.title") },
        h("h2", { text: t("session.title") }),
        h("p", { class: "muted", text: t(`session.intro.${mode}`) }),
        fields, error,
        h("div", { class: "row" },
          h("button", { type: "submit", class: "primary", text: t(submit) }),
          ["guest", "login", "register"].filter((m) => m !== mode).map((m) =>
            h("button", { type: "button", class: "link", text: t(`session.switch.${m}`), onclick: () => { mode = m; draw(); } })),
          cancel ? h("button", { type: "button", class: "cancel", text: t(cancel), onclick: () => resolve(null) }) : null));
      form.addEventListener("submit", async (event) => {
        event.preventDefault();
        const data = Object.fromEntries(new FormData(form));
        try {
          const path = { guest: "/api/guest", login: "/api/login", register: "/api/register" }[mode];
          player = (await post(path, data)).player;
          showWho();
          toast(t("session.welcome", { name: player.name }));
          resolve(player);
        } catch (err) {
          error.textContent = errorText(err.code, err.message);
        }
      });
      root.replaceChildren(form);
      form.querySelector("input")?.focus();
    };
    draw();
  });
}

let asking = null; // the dialog open now, so that two callers share one

/** Ask who is playing in a dialog over the page; resolves with the player, or null when the
 *  person closes it (Escape or "Not now"). */
export function askName() {
  if (asking) return asking;
  const dialog = h("dialog", { class: "signin-dialog", "aria-label": t("session.title") });
  document.body.append(dialog);
  asking = new Promise((resolve) => {
    const finish = (who) => {
      dialog.close();
      dialog.remove();
      asking = null;
      resolve(who);
    };
    dialog.addEventListener("cancel", (event) => {
      event.preventDefault();
      finish(null);
    });
    signIn(dialog, "session.not_now").then(finish);
    dialog.showModal();
    dialog.querySelector("input")?.focus();
  });
  return asking;
}

/** The player, asking for a name first if this browser has none (null if the person declines). */
export async function ensurePlayer() {
  return (await me()) || (await askName());
}
