// The client's entry point: language, the header, and a hash router over four pages.
//   #/                 the lobby             (lobby.js)
//   #/table/<id>       a table, live         (table.js)
//   #/replay/<id>      a finished game       (replay.js)
//   #/review/<id>      the coach's review    (review.js)
//   #/rules/<game>     a game's rules        (rules.js)
//   #/learn/<game>     a game's tutorial     (learn.js, on the table page)
//   #/learn/<game>/<addon>  an add-on lesson (a variant's)
//   #/player/<id>      a player's profile    (community.js)
//   #/leaderboard/<g>  a game's leaderboard  (community.js)
//   #/friends          invites and friends   (friends.js)
//   #/settings         email settings        (settings.js)
//   #/me               my games              (me.js)

import { showLeaderboard, showPlayer } from "./community.js";
import { showFriends } from "./friends.js";
import { initialLang, lang, setLang, translateStatic } from "./i18n.js";
import { showLearn } from "./learn.js";
import { showLobby } from "./lobby.js";
import { keepTurns, showMe } from "./me.js";
import { showReplay } from "./replay.js";
import { showReview } from "./review.js";
import { showRules } from "./rules.js";
import { me } from "./session.js";
import { showSettings } from "./settings.js";
import { showTable } from "./table.js";

const ROUTES = [
  [/^#\/table\/([\w-]+)$/, showTable],
  [/^#\/replay\/([\w-]+)$/, showReplay],
  [/^#\/review\/([\w-]+)$/, showReview],
  [/^#\/rules\/([\w-]+)$/, showRules],
  [/^#\/learn\/([\w-]+)(?:\/([\w-]+))?$/, showLearn],
  [/^#\/player\/([\w-]+)$/, showPlayer],
  [/^#\/leaderboard\/([\w-]+)(?:\/(\d+))?$/, showLeaderboard],
  [/^#\/friends$/, showFriends],
  [/^#\/settings$/, showSettings],
  [/^#\/me$/, showMe],
  [/^#?\/?$/, showLobby],
];

let page = null; // {stop(), relabel()} of the page on screen
let generation = 0; // which route() is the newest

async function route() {
  if (page?.stop) page.stop();
  page = null;
  const mine = ++generation;
  // Each page draws into a container of its own: a page still loading when the address
  // changes then writes into a detached container, never over the newer page.
  const root = document.createElement("div");
  root.className = "page";
  document.getElementById("app").replaceChildren(root);
  const hash = location.hash || "#/";
  for (const [pattern, show] of ROUTES) {
    const match = hash.match(pattern);
    if (match) {
      const shown = (await show(root, ...match.slice(1))) || null;
      // The address changed while this page was loading: the newer page owns the screen.
      if (mine !== generation) shown?.stop?.();
      else page = shown;
      return;
    }
  }
  location.hash = "#/";
}

async function start() {
  await setLang(initialLang());
  translateStatic();
  const select = document.getElementById("lang");
  select.value = lang();
  select.addEventListener("change", async () => {
    await setLang(select.value);
    translateStatic();
    await me();
    // The header's count of games waiting for my move says it again, in the new language.
    window.dispatchEvent(new Event("meeple:turns"));
    // A live table only redraws (its connection stays open); other pages are built again.
    if (page?.relabel) page.relabel();
    else route();
  });
  window.addEventListener("hashchange", route);
  window.addEventListener("meeple:signed-in", route);
  await me();
  keepTurns();
  await route();
}

start();
