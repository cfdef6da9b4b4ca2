// #/settings: your email address (verified by a link) and which mails you get (issue #39).
// Without --smtp the server sends no mail, and the page says so.

import { get, post } from "./api.js";
import { h, toast } from "./dom.js";
import { errorText, lang, t } from "./i18n.js";
import { me } from "./session.js";

const TURNS = ["each", "daily", "off"];

/** The address's state in a sentence: none, waiting for its link, or verified. */
function statusText(mail) {
  if (!mail.email) return t("settings.no_email");
  return t(mail.verified ? "settings.verified" : "settings.unverified", { email: mail.email });
}

export async function showSettings(root) {
  const player = await me();
  root.append(h("h1", { id: "settings-title", text: t("settings.title") }));
  const section = h("section", { class: "card mail-settings", "aria-labelledby": "mail-title" },
    h("h2", { id: "mail-title", text: t("settings.mail") }));
  root.append(section);
  if (!player) {
    section.append(h("p", { class: "muted", id: "mail-guest", text: t("settings.sign_in") }));
    return null;
  }
  let mail = await get("/api/me/mail");
  if (!mail.enabled) {
    section.append(h("p", { class: "muted", id: "mail-off", text: t("settings.mail_off") }));
    return null;
  }
  if (!mail.registered) {
    section.append(h("p", { class: "muted", id: "mail-guest", text: t("settings.registered_only") }));
    return null;
  }
  const status = h("p", { id: "mail-status", class: mail.verified ? "mail-ok" : "muted", role: "status", text: statusText(mail) });
  const email = h("input", { type: "email", id: "mail-email", name: "email", maxlength: 254, autocomplete: "email", value: mail.email || "" });
  const language = h("select", { id: "mail-lang", name: "lang" },
    ["en", "ja"].map((code) => h("option", { value: code, selected: (mail.lang || lang()) === code, text: t(`settings.lang.${code}`) })));
  const turns = h("fieldset", { class: "mail-turns" }, h("legend", { text: t("settings.turns") }),
    TURNS.map((choice) => h("label", { class: "choice" },
      h("input", { type: "radio", name: "turns", value: choice, checked: mail.turns === choice }),
      t(`settings.turns.${choice}`))));
  const box = (name) => h("label", { class: "choice" },
    h("input", { type: "checkbox", name, id: `mail-${name}`, checked: mail[name] }), t(`settings.${name}`));
  const form = h("form", { class: "mail-form", "aria-labelledby": "mail-title" },
    h("label", { for: "mail-email", text: t("settings.email") }), email, status,
    h("label", { for: "mail-lang", text: t("settings.mail_lang") }), language,
    turns, box("invites"), box("endings"),
    h("p", { class: "muted mail-hint", text: t("settings.hint") }),
    h("div", { class: "row" }, h("button", { type: "submit", class: "primary", id: "mail-save", text: t("settings.save") })));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const before = mail.email;
    try {
      mail = await post("/api/me/mail", {
        email: String(data.get("email") || "").trim() || null,
        lang: data.get("lang"),
        turns: data.get("turns") || "each",
        invites: data.get("invites") !== null,
        endings: data.get("endings") !== null,
      });
      status.textContent = statusText(mail);
      status.className = mail.verified ? "mail-ok" : "muted";
      toast(mail.email && mail.email !== before ? t("settings.link_sent", { email: mail.email }) : t("settings.saved"));
    } catch (err) {
      toast(errorText(err.code, err.message), "error");
    }
  });
  section.append(form);
  return null;
}
