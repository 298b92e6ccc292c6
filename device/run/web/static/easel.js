// Easel's simulated panel page: frames and sounds arrive as server-sent events, presses go out
// as POST /press. No framework, nothing fetched from outside this machine.
"use strict";

const easel = { view: null, drawn: 0, log: [], readouts: [], sounds: [], beeps: 0, sent: [], muted: false,
                scale: 1, exact: true, full: null };
window.easel = easel;  // what the page shows, for scripts and tests to read

const $ = (id) => document.getElementById(id);
const canvas = $("glass");
const ctx = canvas.getContext("2d");
const ICONS = { up: "▲", down: "▼", ok: "●", back: "◀" };
const HAT_LABELS = { up: "KEY1", down: "KEY2", ok: "KEY3", back: "KEY4" };
const ROTATED = new Set(["epd2in13_V4", "epd2in7_V2", "epd2in9_V2"]);  // driver buffers turned 90°
const LOG_LIMIT = 2000;

function text(key, fields) {
  let value = (easel.view && easel.view.strings[key]) || "";
  for (const [name, v] of Object.entries(fields || {})) value = value.replace("{" + name + "}", v);
  return value;
}

// -- presses ---------------------------------------------------------------------------------

async function send(button, hold) {
  easel.sent.push({ button, hold });
  try {
    const answer = await fetch("/press", { method: "POST", headers: { "Content-Type": "application/json" },
                                           body: JSON.stringify({ button, hold }) });
    if (!answer.ok) console.warn("press refused", button, (await answer.json()).error);
  } catch (err) {
    console.warn("press not sent", err);
  }
}

function makeButton(button, label, cls) {
  const el = document.createElement("button");
  el.className = "btn " + (cls || button);
  el.dataset.button = button;
  el.textContent = label;
  el.title = text("key." + button) || label;
  let timer = null;
  const clear = () => { if (timer !== null) { clearTimeout(timer); timer = null; } };
  el.addEventListener("pointerdown", (ev) => {
    if (ev.button !== 0) return;
    ev.preventDefault();
    unlockAudio();
    el.setPointerCapture(ev.pointerId);
    el.classList.add("down");
    clear();
    if (ev.shiftKey) { el.classList.add("held"); send(button, true); return; }  // Shift + click: a hold
    // A long press is a hold, sent the moment it reaches hold_ms (as the real buttons do).
    timer = setTimeout(() => { timer = null; el.classList.add("held"); send(button, true); }, easel.view.hold_ms);
  });
  el.addEventListener("pointerup", () => {
    el.classList.remove("down", "held");
    if (timer !== null) { clear(); send(button, false); }
  });
  el.addEventListener("pointercancel", () => { el.classList.remove("down", "held"); clear(); });
  el.addEventListener("keydown", (ev) => {  // a focused control answers Space/Enter (Shift = hold)
    if (ev.key === " " || ev.key === "Enter") {
      ev.preventDefault(); ev.stopPropagation();
      if (!ev.repeat) { unlockAudio(); send(button, ev.shiftKey); }
    }
  });
  return el;
}

// The terminal simulator's keys (hardware/keyboard.py); Shift makes any of them a hold.
function keyToButton(ev) {
  const arrows = { ArrowUp: "up", ArrowDown: "down", ArrowRight: "ok", ArrowLeft: "back", Enter: "ok", Backspace: "back" };
  if (arrows[ev.key]) return [arrows[ev.key], ev.shiftKey];
  if (ev.code === "KeyR") return ["roll", ev.shiftKey];
  if (ev.code === "KeyT") return ["timer", ev.shiftKey];
  if (ev.code === "KeyO" && ev.shiftKey) return ["ok", true];
  if (ev.code === "KeyB" && ev.shiftKey) return ["back", true];
  const digit = /^Digit([1-8])$/.exec(ev.code);
  if (digit) return ["seat" + digit[1], ev.shiftKey];
  return null;
}

document.addEventListener("keydown", (ev) => {
  if (ev.ctrlKey || ev.metaKey || ev.altKey || ev.repeat || !easel.view) return;
  if (ev.target instanceof HTMLSelectElement || ev.target instanceof HTMLInputElement) return;
  const found = keyToButton(ev);
  if (!found || !(easel.view.keys.includes(found[0]) || easel.view.table.includes(found[0]))) return;  // not on this build
  ev.preventDefault();
  unlockAudio();
  send(found[0], found[1]);
});

// -- the drawing of the panel model and the build's buttons ---------------------------------------

function applyView(view) {
  const first = easel.view === null;
  const changed = first || view.panel !== easel.view.panel || view.language !== easel.view.language;
  easel.view = view;
  if (!changed) return;
  document.documentElement.lang = view.language;
  for (const el of document.querySelectorAll("[data-text]")) el.textContent = text(el.dataset.text);
  for (const el of document.querySelectorAll("[data-aria]")) el.setAttribute("aria-label", text(el.dataset.aria));
  document.title = text("title");
  $("keys_help").textContent = view.help;
  const panels = $("panel");
  panels.replaceChildren(...view.panels.map(([model, name, note]) =>
    new Option(`${name} (${model})` + (note ? ` · ${note}` : ""), model)));
  panels.value = view.panel;
  $("note").textContent = view.note;
  $("note").hidden = !view.note;
  $("language").value = view.language;
  const board = $("board");
  board.className = "board" + (view.panel === "epd2in7_V2" ? " hat" : "") +
    (ROTATED.has(view.panel) ? " rotated" : "") + (view.colour ? " colour" : "");
  board.dataset.panel = view.panel;
  const hat = view.panel === "epd2in7_V2";
  const keys = $("keys");
  keys.replaceChildren(...view.keys.map((button) => {
    const cell = document.createElement("div");
    cell.className = "key";
    cell.append(makeButton(button, ICONS[button], "key-" + button));
    const label = document.createElement("span");
    label.textContent = hat ? HAT_LABELS[button] : text("key." + button);
    cell.append(label);
    return cell;
  }));
  const pad = $("pad");
  pad.hidden = view.table.length === 0;
  pad.replaceChildren(...view.table.map((button) => {
    const cell = document.createElement("div");
    const seat = /^seat(\d)$/.exec(button);
    cell.className = "cell" + (seat ? "" : " wide");
    cell.append(makeButton(button, seat ? seat[1] : text(button), button));
    const label = document.createElement("span");
    label.textContent = seat ? text("seat", { n: seat[1] }) : text(button);
    cell.append(label);
    return cell;
  }));
  $("caption").textContent = text("caption", { name: view.name, model: view.panel, width: view.width,
                                               height: view.height }) + (view.colour ? "" : " · " + text("one_bit"));
  showReadout(easel.readouts.at(-1) || { last_ms: null, kinds: [], total_ms: 0, presses: 0 }, false);
  if (easel.glass) showStatus(easel.glass);
  fit();
}

// The largest scale at which the panel, its keys and the build's buttons fit the window: no
// sideways scrolling, nothing below the fold. Whole device pixels per panel pixel (pixel-exact)
// while at least one fits; below that (an 800-pixel panel on a phone) a smooth fraction.
function fit() {
  if (!easel.view) return;
  const dpr = window.devicePixelRatio || 1;
  for (let k = 4; k >= 1; k--) {
    if (layout(k / dpr, true)) return;
  }
  let low = 0.05, high = 1 / dpr;
  for (let step = 0; step < 10; step++) {
    const middle = (low + high) / 2;
    if (layout(middle, false)) low = middle; else high = middle;
  }
  layout(low, false);
}

// Lay the page out with `s` CSS pixels per panel pixel; true when everything fits.
function layout(s, exact) {
  const dpr = window.devicePixelRatio || 1;
  easel.scale = s * dpr;
  easel.exact = exact;
  canvas.classList.toggle("smooth", !exact);
  canvas.style.width = (easel.view.width * s) + "px";
  canvas.style.height = (easel.view.height * s) + "px";
  document.documentElement.style.setProperty("--k", (exact ? Math.max(1, s) : s) + "px");
  snap();
  return fits();
}

function fits() {
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > width) return false;
  for (const el of [$("device"), $("pad")]) {
    if (el.hidden) continue;
    const r = el.getBoundingClientRect();
    if (r.left < 0 || r.right > width || r.bottom + window.scrollY > window.innerHeight) return false;
  }
  return true;
}

// Centred layouts put the glass at fractions of a pixel; nudge it onto whole device pixels so
// each panel pixel covers exactly k x k of them (relative offsets do not move anything else).
function snap() {
  const dpr = window.devicePixelRatio || 1;
  canvas.style.left = "0px";
  canvas.style.top = "0px";
  const r = canvas.getBoundingClientRect();
  canvas.style.left = ((Math.round(r.left * dpr) - r.left * dpr) / dpr) + "px";
  canvas.style.top = ((Math.round(r.top * dpr) - r.top * dpr) / dpr) + "px";
}
window.addEventListener("resize", fit);
new ResizeObserver(snap).observe(document.body);

// -- the glass -----------------------------------------------------------------------------------

// Pictures are decoded and drawn strictly in the order the panel showed them (flash phases too).
let drawing = Promise.resolve();
easel.idle = () => drawing.then(() => easel.drawn);  // resolves once every picture received is drawn
function showGlass(data) {
  drawing = drawing.then(() => draw(data)).catch((err) => console.warn("glass picture not drawn", err));
}

async function draw(data) {
  const picture = new Image();
  picture.src = data.png;
  try { await picture.decode(); } catch (err) { console.warn("glass picture not decoded", err); return; }
  if (picture.naturalWidth !== canvas.width || picture.naturalHeight !== canvas.height) {
    canvas.width = picture.naturalWidth; canvas.height = picture.naturalHeight;
    fit();
  }
  ctx.drawImage(picture, 0, 0);
  easel.glass = data;
  if (ghostBox.checked) await drawGhosts();
  easel.drawn = data.v;
  easel.log.push({ v: data.v, refresh: data.refresh, phase: data.phase, at: data.at, t: performance.now() });
  if (easel.log.length > LOG_LIMIT) easel.log.splice(0, easel.log.length - LOG_LIMIT);
  showStatus(data);
}

// -- the ghost view: the glass tinted by each pixel's estimated ghost count (GET /ghosts.png) --------

const ghostBox = $("ghosts");
easel.ghosts = 0;  // ghost pictures drawn

async function drawGhosts() {
  const picture = new Image();
  picture.src = "/ghosts.png?n=" + (easel.ghosts + 1);
  try { await picture.decode(); } catch (err) { console.warn("ghost view not decoded", err); return; }
  if (picture.naturalWidth !== canvas.width || picture.naturalHeight !== canvas.height) return;
  ctx.drawImage(picture, 0, 0);
  easel.ghosts += 1;
}

ghostBox.addEventListener("change", () => {
  $("ghosts-legend").hidden = !ghostBox.checked;
  // Redraw in the glass's own order: the tinted view, or the plain glass again.
  drawing = drawing.then(() => (ghostBox.checked ? drawGhosts() : redrawGlass()));
});

async function redrawGlass() {
  const picture = new Image();
  picture.src = "/frame.png?v=" + easel.drawn;
  try { await picture.decode(); } catch (err) { return; }
  if (picture.naturalWidth === canvas.width && picture.naturalHeight === canvas.height) ctx.drawImage(picture, 0, 0);
}

function showStatus(data) {
  const status = $("status");
  const busy = data.refresh !== null;
  status.classList.toggle("busy", busy);
  if (busy) {  // and how long the real panel takes for it (35 s for a 7-colour full refresh)
    const ms = { full: easel.view.full_ms, fast: easel.view.fast_ms, partial: easel.view.partial_ms }[data.refresh];
    status.textContent = text("refreshing", { kind: text("kind." + data.refresh) }) +
      (ms ? " · " + text("lasts", { s: ms >= 10000 ? Math.round(ms / 1000) + " s" : seconds(ms) }) : "");
  }
  else status.textContent = data.phase === "asleep" ? text("asleep") : text("idle");
}

function seconds(ms) {  // 1.25 s, or 1,25 s in French
  const figure = (ms / 1000).toFixed(2);
  return (easel.view && easel.view.language === "fr" ? figure.replace(".", ",") : figure) + " s";
}

function showReadout(reading, received = true) {
  if (received) easel.readouts.push(reading);
  if (!easel.view) return;  // shown with the view's language once it arrives
  $("last").textContent = reading.last_ms === null ? text("never") : seconds(reading.last_ms);
  $("kinds").textContent = reading.last_ms === null ? "" :
    "(" + (reading.kinds.length ? reading.kinds.map((k) => text("kind." + k)).join(" + ") : text("none")) + ")";
  $("total").textContent = seconds(reading.total_ms);
  const one = easel.view.language === "fr" ? reading.presses <= 1 : reading.presses === 1;
  $("presses").textContent = "(" + text(one ? "presses_one" : "presses", { n: reading.presses }) + ")";
}

// -- the buzzer ----------------------------------------------------------------------------------

let audio = null;
function unlockAudio() {  // browsers start audio only after a gesture on the page
  if (audio === null && window.AudioContext) audio = new AudioContext();
  if (audio !== null && audio.state === "suspended") audio.resume();
}

function beep(sound) {
  easel.sounds.push(sound.sound);
  if (easel.muted || audio === null) return;
  easel.beeps += 1;
  let at = audio.currentTime + 0.01;
  for (const [frequency, onMs, offMs] of sound.steps) {
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.type = "square";
    tone.frequency.value = frequency;
    gain.gain.value = 0.05;
    tone.connect(gain).connect(audio.destination);
    tone.start(at);
    tone.stop(at + onMs / 1000);
    at += (onMs + offMs) / 1000;
  }
}

const soundBox = $("sound");
easel.muted = localStorage.getItem("easel.muted") === "1";
soundBox.checked = !easel.muted;
soundBox.addEventListener("change", () => {
  easel.muted = !soundBox.checked;
  localStorage.setItem("easel.muted", easel.muted ? "1" : "0");
  if (!easel.muted) unlockAudio();
});

// -- panel and language switch ---------------------------------------------------------------------

async function switchView(body) {
  const answer = await fetch("/view", { method: "POST", headers: { "Content-Type": "application/json" },
                                        body: JSON.stringify(body) });
  if (!answer.ok) console.warn("switch refused", (await answer.json()).error);
}
$("panel").addEventListener("change", (ev) => switchView({ panel: ev.target.value }));
$("language").addEventListener("change", (ev) => switchView({ language: ev.target.value }));

// -- the stream ----------------------------------------------------------------------------------

const stream = new EventSource("/events");
stream.addEventListener("view", (ev) => applyView(JSON.parse(ev.data)));
stream.addEventListener("glass", (ev) => showGlass(JSON.parse(ev.data)));
stream.addEventListener("readout", (ev) => showReadout(JSON.parse(ev.data)));
stream.addEventListener("sound", (ev) => beep(JSON.parse(ev.data)));
stream.addEventListener("open", () => { $("offline").hidden = true; });
stream.addEventListener("error", () => { $("offline").hidden = easel.full !== null; });
// Every stream place is taken: the server says so (in the table's language) and closes; the
// stream asks again by itself (its retry time) until a place frees and the view arrives.
stream.addEventListener("full", (ev) => {
  easel.full = JSON.parse(ev.data);
  $("full").textContent = easel.full.text;
  $("full").hidden = false;
});
stream.addEventListener("view", () => {
  easel.full = null;
  $("full").hidden = true;
});
