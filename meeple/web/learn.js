// Learn to play (#/learn/<game>): a tutorial on the real table page, with the real board.
//
// The lesson (GET /api/learn/<game>, meeple/tutorial.py) is a real game from a fixed seed with
// scripted opponents, replayed by the server: its steps (an i18n key for the text, a CSS
// selector of the element to highlight, the one move asked for, and why any other is refused)
// and every state the learner's seat sees. A socket-like object (LessonSocket) stands in for
// the table's websocket: it hands the table page (table.js) those states one by one, the
// opponents' moves at a readable pace, and answers a move that is not the step's with the
// step's "why not" sentence, here in the browser, before anything is sent anywhere. Nothing is
// stored, rated or listed in the lobby.

import { get, post } from "./api.js";
import { h, toast } from "./dom.js";
import { errorText, t } from "./i18n.js";
import { ensurePlayer, me } from "./session.js";
import { showTable } from "./table.js";

// Between two scripted moves of the opponents: a person's reading pace, or quicker when the
// person chose a quicker pace for the others' moves (the table's menu, table.js's "meeple.pace").
const GAPS = { normal: 1100, fast: 400, off: 0 };
const gap = () => GAPS[localStorage.getItem("meeple.pace")] ?? GAPS.normal;
const SPOT = "learn-spot"; // the highlight of the element a step talks about

/** An action as text with its keys sorted: the step's move and a click compare equal however
 *  their keys are ordered. */
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** The table summary of a lesson (the protocol's Table object), as the table page expects it. */
function lessonTable(lesson, name, frame) {
  const last = lesson.frames[frame];
  return {
    id: lesson.addon ? `learn-${lesson.game}-${lesson.addon}` : `learn-${lesson.game}`,
    game: lesson.game,
    players: lesson.players,
    options: lesson.options,
    status: last.is_over ? "finished" : "running",
    seats: Array.from({ length: lesson.players }, (_, seat) => seat === 0
      ? { seat, kind: "human", level: null, player: { id: "learner", name }, connected: true, away: false }
      // Named by their colour, as the lesson's texts call them ("Blue", 「青」).
      : { seat, kind: "bot", level: "script", name: t(`learn.colour.${seat}`), player: null, connected: true, away: false }),
    turn_seconds: null,
    response_seconds: null,
    version: frame,
    scores: last.scores,
    winners: last.winners,
    you: 0,
    rated: false,
    created: new Date(0).toISOString(),
  };
}

/** Stands in for the table's WebSocket: the lesson's states, sent when the script says. */
class LessonSocket {
  constructor(lesson, name, hooks) {
    this.lesson = lesson;
    this.name = name;
    this.hooks = hooks; // {refused(text)}
    this.readyState = WebSocket.OPEN;
    this.listeners = {};
    this.sent = -1; // the last frame sent
    this.logLength = 0;
    this.timer = null;
  }

  addEventListener(type, listener) {
    (this.listeners[type] ||= []).push(listener);
  }

  emit(type, data) {
    for (const listener of this.listeners[type] || []) listener(data);
  }

  /** Send the frames after the last one sent, up to `upto`, one by one at a readable pace,
   *  the first after `first` ms (0: the learner's own move, or the start); then `then()`. */
  play(upto, then, first = gap()) {
    if (this.sent >= upto) {
      then();
      return;
    }
    const next = () => {
      this.timer = null;
      if (this.readyState !== WebSocket.OPEN) return;
      this.frame(this.sent + 1);
      if (this.sent >= upto) then();
      else this.timer = setTimeout(next, gap());
    };
    this.timer = setTimeout(next, first);
  }

  /** Jump to frame `upto` in one state message, with every event on the way (the end). */
  jump(upto) {
    const events = [];
    for (let i = this.sent + 1; i <= upto; i += 1) events.push(...this.lesson.frames[i].events);
    this.frame(upto, events);
  }

  frame(i, events = null) {
    const frame = this.lesson.frames[i];
    const news = events ?? frame.events;
    const message = {
      type: "state",
      table: lessonTable(this.lesson, this.name, i),
      version: i,
      seat: 0,
      view: frame.view,
      legal: frame.legal,
      to_move: frame.to_move,
      log: { from: this.logLength, events: news },
      deadline: null,
      is_over: frame.is_over,
      scores: frame.scores,
      winners: frame.winners,
    };
    this.sent = i;
    this.logLength += news.length;
    this.emit("message", { data: JSON.stringify(message) });
  }

  /** What the table page sends: an action (checked against the step), or chat and syncs
   *  (a tutorial has neither). */
  send(text) {
    const message = JSON.parse(text);
    if (message.type !== "action") return;
    const refuse = (why) => {
      this.hooks.refused(why);
      // "stale" ends the page's wait for an answer without a toast of its own.
      setTimeout(() => this.emit("message", { data: JSON.stringify({ type: "error", code: "stale", message: "" }) }), 0);
    };
    const verdict = this.hooks.judge(message.action);
    if (verdict) refuse(verdict);
  }

  close() {
    this.readyState = WebSocket.CLOSED;
    if (this.timer !== null) clearTimeout(this.timer);
  }
}

/** The tutorial panel over the board, and the lesson's course from step to step. */
function lessonCourse(lesson, name) {
  const steps = lesson.steps;
  const last = lesson.frames.length - 1;
  let index = 0; // the step shown (steps.length: the last part, the bots finishing)
  let ready = false; // the step's state is on the board, its move awaited
  let socket = null;

  const title = h("h2", { class: "learn-title" });
  const text = h("p", { class: "learn-text" });
  const why = h("p", { class: "learn-why", role: "alert", hidden: true });
  const buttons = h("p", { class: "row learn-buttons" });
  const panel = h("section", { class: "learn-panel card", id: "learn-panel", "aria-live": "polite" }, title, text, why, buttons);

  const playFirst = async () => {
    if (!(await ensurePlayer())) return;
    const seats = Array.from({ length: lesson.players }, (_, seat) => (seat === 0 ? { kind: "human" } : { kind: "bot", level: "easy" }));
    try {
      const table = await post("/api/tables", { game: lesson.game, players: lesson.players, options: lesson.options, seats });
      location.hash = `#/table/${table.id}`;
    } catch (err) {
      toast(errorText(err.code, err.message), "error");
    }
  };
  const endButtons = () => [
    h("button", { type: "button", class: "primary learn-play", text: t("learn.play_first"), onclick: playFirst }),
    // The main lesson's end offers the game's add-on lessons (a variant, an advanced rule).
    ...(lesson.addons || []).map((name) => h("a", { class: "button learn-addon", href: `#/learn/${lesson.game}/${name}`,
      text: t("learn.addon", { name: t(`learn.${lesson.game}.addon.${name}`) }) })),
    h("a", { class: "button", href: `#/rules/${lesson.game}`, text: t("lobby.rules") }),
    h("a", { class: "button", href: "#/", text: t("nav.lobby") }),
  ];

  const spot = () => {
    const step = steps[index];
    const wanted = new Set(ready && step?.highlight ? document.querySelectorAll(step.highlight) : []);
    for (const el of document.querySelectorAll(`.${SPOT}`)) if (!wanted.has(el)) el.classList.remove(SPOT);
    for (const el of wanted) el.classList.add(SPOT);
  };
  // A renderer redraws parts of its board by itself (a card chosen in the hand, a board fitted
  // to its room): the highlight follows the element into every new drawing.
  let spotting = 0;
  const watcher = new MutationObserver(() => {
    if (!spotting) spotting = requestAnimationFrame(() => {
      spotting = 0;
      spot();
    });
  });

  const draw = () => {
    why.hidden = true;
    const over = socket?.sent === last && index >= steps.length;
    panel.dataset.step = over ? "end" : String(index);
    panel.dataset.ready = String(ready);
    const step = steps[index];
    panel.dataset.expect = ready && step?.move ? JSON.stringify(step.move) : "";
    if (over) {
      title.textContent = t("learn.done_title");
      text.textContent = t(lesson.summary);
      buttons.replaceChildren(...endButtons());
    } else if (index >= steps.length) {
      title.textContent = t("learn.finish_title");
      text.textContent = t(lesson.ending ?? "learn.finish");
      buttons.replaceChildren(h("button", { type: "button", class: "primary learn-next", text: t("learn.finish_button"), disabled: !ready,
        onclick: () => {
          ready = false;
          socket.jump(last);
          draw();
        } }));
    } else {
      title.textContent = t("learn.step", { n: index + 1, total: steps.length });
      text.textContent = t(step.text, step.params || {});
      buttons.replaceChildren(step.move ? h("span", { class: "muted learn-hint", text: ready ? t("learn.your_move") : t("learn.watch") })
        : h("button", { type: "button", class: "primary learn-next", text: t("learn.next"), disabled: !ready, onclick: next }));
    }
    spot();
    reveal();
  };

  /** On to the next step: the opponents' scripted moves up to it, then its text. */
  const advance = () => {
    index += 1;
    ready = false;
    const upto = index < steps.length ? steps[index].frame : socket.sent;
    draw();
    socket.play(upto, () => {
      ready = true;
      draw();
    });
  };
  const next = () => {
    if (ready) advance();
  };

  /** A move sent by the board: "" when it is the step's (the lesson goes on), else why not. */
  const judge = (action) => {
    const step = steps[index];
    if (!ready || index >= steps.length) return t("learn.wait");
    if (!step.move) return t("learn.read_first");
    if (canonical(action) !== canonical(step.move)) return step.why ? t(step.why) : t("learn.why_default");
    ready = false;
    socket.play(socket.sent + 1, advance, 0);
    return "";
  };

  // On a desktop the panel comes right under the prompt, above the strip of the last moves
  // and the board (the table page lays out its column itself, and again when it is resized).
  const place = () => {
    const row = panel.parentElement?.querySelector(":scope > .prompt-row");
    if (row && row.nextElementSibling !== panel) row.after(panel);
  };
  // A new step's text is brought into sight, below a phone's sticky header (scroll-margin-top),
  // unless it is in sight already.
  let shown = "";
  const reveal = () => {
    const key = `${panel.dataset.step}:${panel.dataset.ready}`;
    if (key === shown || !panel.isConnected) return;
    shown = key;
    const top = panel.getBoundingClientRect().top;
    const head = document.querySelector(".table-head")?.getBoundingClientRect().bottom ?? 0;
    if (top < head || top > window.innerHeight * 0.6) panel.scrollIntoView({ block: "start" });
  };

  const refused = (sentence) => {
    why.textContent = sentence;
    why.hidden = false;
  };

  return {
    table: lessonTable(lesson, name, 0),
    panel,
    connect() {
      socket = new LessonSocket(lesson, name, { judge, refused });
      // The page adds its listeners after connect(): the first states come a moment later.
      socket.play(steps.length ? steps[0].frame : 0, () => {
        ready = true;
        draw();
      }, 0);
      draw();
      return socket;
    },
    drawn() {
      // The board is drawn afresh with every state: the highlight goes on again.
      spot();
      place();
      const page = panel.closest(".table-page");
      if (page) watcher.observe(page, { childList: true, subtree: true });
    },
    resultActions: endButtons,
    relabel: draw,
    stop() {
      watcher.disconnect();
      if (spotting) cancelAnimationFrame(spotting);
      socket?.close();
    },
  };
}

export async function showLearn(root, game, addon) {
  let lesson;
  try {
    const query = addon ? `?addon=${encodeURIComponent(addon)}` : "";
    lesson = await get(`/api/learn/${encodeURIComponent(game)}${query}`);
  } catch (err) {
    root.append(h("p", { class: "error", text: errorText(err.code, err.message) }), h("a", { href: "#/", text: t("nav.lobby") }));
    return null;
  }
  const player = await me();
  const course = lessonCourse(lesson, player?.name ?? t("learn.you"));
  const page = await showTable(root, addon ? `learn-${game}-${addon}` : `learn-${game}`, course);
  root.querySelector(".table-page")?.classList.add("learning");
  return page;
}
