// Translations: one JSON file per language (i18n/en.json, i18n/ja.json), keys shared by the
// shell ("lobby.title") and the games ("buffet.dish.salad"). English is the fallback.

import { isTouch } from "./dom.js";

export const LANGS = ["en", "ja"];
const KEY = "meeple.lang";
const loaded = {};
let current = "en";

async function fetchStrings(lang) {
  if (!loaded[lang]) {
    const response = await fetch(`/i18n/${lang}.json`);
    loaded[lang] = response.ok ? await response.json() : {};
  }
  return loaded[lang];
}

/** The language to start in: the one chosen before, else the browser's. */
export function initialLang() {
  const saved = localStorage.getItem(KEY);
  if (LANGS.includes(saved)) return saved;
  const browser = (navigator.languages && navigator.languages[0]) || navigator.language || "en";
  return browser.toLowerCase().startsWith("ja") ? "ja" : "en";
}

/** Switch language (loading its strings) and remember the choice. */
export async function setLang(lang) {
  if (!LANGS.includes(lang)) lang = "en";
  await Promise.all([fetchStrings("en"), fetchStrings(lang)]);
  current = lang;
  localStorage.setItem(KEY, lang);
  document.documentElement.lang = lang;
}

export function lang() {
  return current;
}

/** The text of `key` in the current language, with `{name}` placeholders filled in.
 *  With a numeric `count` parameter, the plural form is chosen by the language's own rules
 *  (Intl.PluralRules): `key.one`, `key.other` (and `key.zero`, `key.few`… where a language has
 *  them), falling back to `key.other`, then to `key` itself. On a touch screen a text that
 *  says "click" has a `.touch` form that says "tap" (`key.touch`, after the plural form). */
export function t(key, params = {}) {
  if (typeof params.count === "number") {
    const form = new Intl.PluralRules(current).select(params.count);
    if (has(`${key}.${form}`)) key = `${key}.${form}`;
    else if (has(`${key}.other`)) key = `${key}.other`;
  }
  if (isTouch() && has(`${key}.touch`)) key = `${key}.touch`;
  const text = loaded[current]?.[key] ?? loaded.en?.[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? num(params[name]) : whole));
}

/** A value as text, a negative number with a true minus sign ("−5", never the hyphen "-5"):
 *  scores and points read the same in the seats, the scoreboard and the sentences. */
export function num(value) {
  return typeof value === "number" && value < 0 ? `−${-value}` : String(value);
}

/** Whether `key` has a text (in the current language or English). */
export function has(key) {
  return key in (loaded[current] ?? {}) || key in (loaded.en ?? {});
}

/** A refusal from the server in the current language: the text for its protocol code
 *  ("error.full") where we have one, else the server's own (English) message. */
export function errorText(code, message) {
  return has(`error.${code}`) ? t(`error.${code}`, { detail: message }) : message;
}

/** Items as one list in the current language ("Aki, Ben" / "Aki、Ben"). */
export function listOf(items) {
  return items.join(t("common.list_sep"));
}

/** Fill every element that names its text in a data-t attribute (static texts), and its
 *  aria-label in data-t-label. */
export function translateStatic(root = document) {
  for (const el of root.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
  // An element's name for screen readers (a landmark's), in data-t-label.
  for (const el of root.querySelectorAll("[data-t-label]")) el.setAttribute("aria-label", t(el.dataset.tLabel));
  document.title = t("app.title");
}
