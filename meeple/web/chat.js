// Table chat: messages and quick reactions over the table's websocket (docs/protocol.md).
// Every message is shown with textContent, never as HTML. A player can hide spectators'
// messages, and mute a person at every table (the server then stops sending their messages).

import { del, post } from "./api.js";
import { h, toast } from "./dom.js";
import { errorText, t } from "./i18n.js";

export const REACTIONS = ["👍", "👏", "😄", "😮", "😢", "🤔"];
export const MAX_LENGTH = 300;
const HIDE_KEY = "meeple.chat.hide_spectators";

/** One message as a list item: who, what, and (for others) a mute button. */
function line(message, { meId, onMute }) {
  const who = h("span", { class: "chat-who", text: message.name });
  const item = h("li", { class: `chat-line${message.spectator ? " spectator" : ""}`, "data-player": message.player },
    message.seat !== null ? h("span", { class: "chip", style: `background: var(--seat-${message.seat})`, "aria-hidden": "true" }) : null,
    who,
    message.spectator ? h("span", { class: "muted chat-tag", text: t("chat.spectator") }) : null,
    h("span", { class: message.reaction ? "chat-text chat-reaction" : "chat-text", text: message.text ?? message.reaction }));
  if (onMute && meId && message.player !== meId) {
    item.append(h("button", { type: "button", class: "link chat-mute", "aria-label": t("chat.mute", { name: message.name }), title: t("chat.mute", { name: message.name }), text: "🔇", onclick: () => onMute(message) }));
  }
  return item;
}

/** The chat panel of a live table. `send(body)` sends a chat message on the table's socket;
 *  `meId` is this browser's player (null: reading only); `isPlayer` whether they sit here. */
export function chatPanel({ send, meId, isPlayer }) {
  let messages = [];
  let hideSpectators = isPlayer && localStorage.getItem(HIDE_KEY) === "1";
  const list = h("ol", { class: "chat-log", id: "chat-log", "aria-live": "polite", tabindex: "0", "aria-label": t("chat.title") });
  const input = h("input", { id: "chat-input", type: "text", maxlength: MAX_LENGTH, autocomplete: "off", "aria-label": t("chat.write"), placeholder: t("chat.write") });
  const count = h("span", { class: "muted chat-count", "aria-hidden": "true" });
  const form = h("form", { class: "chat-form" }, input, h("button", { type: "submit", class: "primary", id: "chat-send", text: t("chat.send") }));
  const reactions = h("div", { class: "chat-reactions", role: "group", "aria-label": t("chat.reactions") },
    REACTIONS.map((r) => h("button", { type: "button", class: "reaction", "aria-label": t("chat.react", { reaction: r }), text: r, onclick: () => send({ type: "chat", reaction: r }) })));
  const toggle = isPlayer
    ? h("label", { class: "chat-toggle" }, h("input", { type: "checkbox", id: "hide-spectators", checked: hideSpectators, onchange: (e) => {
      hideSpectators = e.target.checked;
      localStorage.setItem(HIDE_KEY, hideSpectators ? "1" : "0");
      draw();
    } }), h("span", { text: t("chat.hide_spectators") }))
    : null;
  const element = h("section", { class: "chat card", id: "chat", "aria-labelledby": "chat-title" },
    h("h2", { id: "chat-title", text: t("chat.title") }), list,
    meId ? h("div", { class: "chat-write" }, reactions, form, count) : h("p", { class: "muted", text: t("chat.name_first") }),
    toggle);

  const mute = async (message) => {
    if (!window.confirm(t("chat.mute_confirm", { name: message.name }))) return;
    try {
      await post(`/api/mutes/${message.player}`);
      messages = messages.filter((m) => m.player !== message.player);
      draw();
      toast(t("chat.muted", { name: message.name }));
    } catch (err) {
      toast(errorText(err.code, err.message), "error");
    }
  };
  const draw = () => {
    const shown = messages.filter((m) => !(hideSpectators && m.spectator));
    list.replaceChildren(...shown.map((m) => line(m, { meId, onMute: mute })));
    list.scrollTop = list.scrollHeight;
  };
  const counter = () => {
    const left = MAX_LENGTH - input.value.length;
    count.textContent = left < 50 ? t("chat.left", { count: left }) : "";
  };
  input.addEventListener("input", counter);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    send({ type: "chat", text });
    input.value = "";
    counter();
  });
  return {
    element,
    history(list_) {
      messages = list_;
      draw();
    },
    add(message) {
      messages.push(message);
      draw();
    },
    refused(code, message) {
      toast(errorText(code, message), "error");
    },
  };
}

/** The chat of a replay: the messages written up to `version`, read-only. */
export function chatReplay(messages) {
  const list = h("ol", { class: "chat-log", id: "chat-log", tabindex: "0", "aria-label": t("chat.title") });
  const element = h("section", { class: "chat card", id: "chat" }, h("h2", { text: t("chat.title") }), list);
  return {
    element,
    show(version) {
      const said = messages.filter((m) => m.version <= version);
      list.replaceChildren(...(said.length ? said.map((m) => line(m, {})) : [h("li", { class: "muted", text: t("chat.nothing_yet") })]));
    },
  };
}

/** Unmute a person (the profile page offers it). */
export async function unmute(playerId) {
  await del(`/api/mutes/${playerId}`);
}
