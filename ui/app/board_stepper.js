// The board stepper (pennypress.ui.app.board_stepper): a board, an evaluation bar and a list of steps that
// the browser steps through on its own -- every position is already here, drawn by the server once, so a
// step is a swap of one drawing, never a round trip. Previous / Next, a click on a step, and the arrow keys
// (the stepper last used, else the first on the page) step. The step shown survives the page's reruns (by
// the data's token) and, when the data asks (`report`), is told to the server as the state value `step`;
// a new `start` from the server opens that step, unless it is the echo of a step this stepper reported.
// A step told says which frames this browser holds (their key): the run it causes, drawing the same frames
// again, sends only the key.

const AT = (window.__ppStepperAt = window.__ppStepperAt || {});
const LIVE = (window.__ppSteppers = window.__ppSteppers || []);

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function onKey(event) {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
  const t = event.target;
  if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
  for (let i = LIVE.length - 1; i >= 0; i--) if (!LIVE[i].root.isConnected) LIVE.splice(i, 1);
  if (!LIVE.length) return;
  const used = LIVE.reduce((a, b) => (b.kept.used > a.kept.used ? b : a), LIVE[0]);
  used.go(used.at + (event.key === "ArrowLeft" ? -1 : 1));
  event.preventDefault();
}

if (!window.__ppStepperKeys) {
  window.__ppStepperKeys = true;
  document.addEventListener("keydown", onKey);
}

// The frames the steppers were sent, by their key (the last HOLD sets).
const HELD = (window.__ppStepperFrames = window.__ppStepperFrames || new Map());
const HOLD = 16;

function framesOf(data) {
  if (data.frames) {
    HELD.delete(data.frames_key);
    HELD.set(data.frames_key, data.frames);
    while (HELD.size > HOLD) HELD.delete(HELD.keys().next().value);
    return data.frames;
  }
  const held = HELD.get(data.frames_key);
  return held && held.length === data.count ? held : null;
}

export default function (component) {
  const { parentElement, data, setStateValue } = component;
  const frames = framesOf(data);
  if (frames === null) {  // sent by their key, but not held here (evicted): ask the server for them again
    const was = AT[data.token];
    if (data.report && setStateValue) setStateValue("step", { at: was ? was.at : data.start || 0, held: null });
    return;
  }
  if (!frames.length) return;
  let root = parentElement.querySelector(":scope > .pp-stepper");
  if (root) root.remove();
  root = el("div", "pp-stepper");
  root.setAttribute("data-token", data.token);
  root.setAttribute("data-frames", data.frames ? "sent" : "held");  // sent with this run, or held from before
  root.setAttribute("role", "group");
  root.setAttribute("aria-label", data.title || "Steps");

  const nav = el("div", "pp-stepper-nav");
  const first = el("button", "pp-stepper-first", "First");
  const prev = el("button", "pp-stepper-prev", "← Previous");
  const next = el("button", "pp-stepper-next", "Next →");
  const last = el("button", "pp-stepper-last", "Last");
  first.title = "The first step";
  last.title = "The last step";
  prev.title = next.title = "Or the ← and → keys";
  const count = el("span", "pp-stepper-count");
  const flat = el("div", "pp-evalbar-flat");
  const flatFill = el("div", "pp-evalbar-fill");
  const flatText = el("span", "pp-evalbar-text");
  flat.append(flatFill, flatText);
  nav.append(first, prev, next, last, count, flat);

  const said = el("div", "pp-stepper-said");
  const body = el("div", "pp-stepper-body");
  const bar = el("div", "pp-evalbar");
  const barFill = el("div", "pp-evalbar-fill");
  const barText = el("span", "pp-evalbar-text");
  bar.append(barFill, barText);
  const board = el("div", "pp-stepper-board");
  body.append(bar, board);

  const list = el("ol", "pp-stepper-list");
  const items = frames.map((f, i) => {
    const li = el("li");
    const b = el("button", "pp-stepper-item");
    b.setAttribute("data-step", String(i));
    b.setAttribute("data-label", f.label);
    if (f.mark) {
      const m = el("span", "pp-stepper-mark", f.mark);
      if (f.mark_colour) m.style.background = f.mark_colour;
      b.append(m);
    }
    b.append(document.createTextNode(f.label));
    li.append(b);
    list.append(li);
    return b;
  });
  if (!frames.some((f) => typeof f.chance === "number")) root.classList.add("pp-stepper-nobar");
  if (data.title) root.append(el("div", "pp-stepper-title", data.title));
  root.append(list, said, body, nav);
  parentElement.append(root);

  const start = data.start || 0;
  const was = AT[data.token];
  const kept = (AT[data.token] = was || { at: start, start, sent: [], used: 0 });
  const from = was && (was.start === start || was.sent.includes(start)) ? was.at : start;
  kept.start = start;
  const me = { root, at: 0, kept, go: null };
  function show(i) {
    i = Math.max(0, Math.min(frames.length - 1, i));
    me.at = i;
    kept.at = i;
    const f = frames[i];
    board.innerHTML = f.board;
    said.textContent = f.said || f.label;
    count.textContent = `Step ${i + 1} of ${frames.length}`;
    const known = typeof f.chance === "number";
    for (const [fill, text, box] of [[barFill, barText, bar], [flatFill, flatText, flat]]) {
      box.classList.toggle("pp-evalbar-none", !known);
      fill.style.setProperty("--pp-chance", known ? `${(100 * f.chance).toFixed(1)}%` : "0%");
      text.textContent = known ? f.chance_text : "–";
      box.title = known ? `${data.who}: ${f.chance_text}` : `${data.who}: not measured at this step`;
    }
    items.forEach((b, k) => {
      b.classList.toggle("pp-stepper-now", k === i);
      if (k === i) b.setAttribute("aria-current", "step");
      else b.removeAttribute("aria-current");
    });
    first.disabled = prev.disabled = i === 0;
    next.disabled = last.disabled = i === frames.length - 1;
    root.setAttribute("data-step", String(i));
  }
  me.go = (i) => {
    kept.used = performance.now();
    const was = me.at;
    show(i);
    if (me.at !== was && data.report && setStateValue) {
      kept.sent.push(me.at);
      if (kept.sent.length > 64) kept.sent.shift();
      setStateValue("step", { at: me.at, held: data.frames_key });
    }
  };
  first.onclick = () => me.go(0);
  prev.onclick = () => me.go(me.at - 1);
  next.onclick = () => me.go(me.at + 1);
  last.onclick = () => me.go(frames.length - 1);
  items.forEach((b, k) => (b.onclick = () => me.go(k)));
  root.addEventListener("pointerdown", () => (kept.used = performance.now()));
  for (let i = LIVE.length - 1; i >= 0; i--) {
    if (!LIVE[i].root.isConnected || LIVE[i].root.getAttribute("data-token") === data.token) LIVE.splice(i, 1);
  }
  LIVE.push(me);
  me.at = -1;
  show(from);
  return () => {
    const k = LIVE.indexOf(me);
    if (k >= 0) LIVE.splice(k, 1);
  };
}
