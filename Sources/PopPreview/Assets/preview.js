// pophost preview's page: plain script, no framework, no network but this server. Every string that
// comes from a plugin is put in the page as text (textContent), never as markup; pictures are SVG
// shown through <img>, where no script runs.
"use strict";

const $ = (id) => document.getElementById(id);
const state = { time: 0, end: 10000, screenWidth: 390, playing: false, loading: false, traceEvents: [], problemsShown: new Set(), voiceOver: false, tree: null };
window.pophost = { lastFrame: null, frames: 0, reloads: [], problems: [], inputsSent: 0 };

// A query string with every value percent-encoded (URLSearchParams writes a space as "+", which the
// server, as RFC 3986 has it, reads as a plus).
function query(parameters) {
  return Object.entries(parameters).map(([key, value]) => key + "=" + encodeURIComponent(value)).join("&");
}

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = String(text);
  return node;
}

function showProblem(message) {
  window.pophost.problems.push(message);
  $("problem-list").appendChild(element("li", null, message));
  $("problems").hidden = false;
}

async function getJSON(url, options) {
  const response = await fetch(url, options);
  const body = await response.json();
  if (!response.ok) throw new Error(body.error || response.statusText);
  return body;
}

// Tabs.
for (const tab of document.querySelectorAll(".tab")) {
  tab.addEventListener("click", () => {
    for (const other of document.querySelectorAll(".tab")) {
      other.classList.toggle("selected", other === tab);
      $(other.dataset.panel).hidden = other !== tab;
    }
    if (tab.dataset.panel === "player") showFrame(state.time);
  });
}
$("clear-problems").addEventListener("click", () => {
  $("problem-list").replaceChildren();
  $("problems").hidden = true;
});

// Gallery.
function sampleData() {
  const text = $("sample-data").value.trim();
  return text === "" ? "null" : text;
}

// The traits the gallery draws each theme under (the Traits menu): one set, or every appearance at
// the smallest, default and largest text size side by side.
function galleryTraits() {
  switch ($("traits-filter").value) {
    case "dark": return [{ appearance: "dark" }];
    case "rtl": return [{ layout_direction: "rtl" }];
    case "matrix":
      return ["light", "dark"].flatMap((appearance) => ["xs", "l", "ax5"].map((size) => ({ appearance: appearance, content_size: size })));
    default: return [{}];
  }
}

function picture(viewLoader, theme, data, traits) {
  const url = "/api/component.svg?" + query(Object.assign({ view_loader: viewLoader, theme: theme, data: data }, traits));
  const named = Object.values(traits).join(", ");
  return svgPicture(url, viewLoader + " as " + theme + (named ? " (" + named + ")" : ""), theme + (named ? " · " + named : ""));
}

// A menu of a component's declared samples by name, the first chosen, and "default data" (the
// editor at the top) last; `choose` gets the chosen data as JSON text.
function sampleMenu(samples, choose) {
  const menu = element("select", "sample");
  menu.title = "sample data";
  samples.forEach((sample, index) => {
    const option = element("option", null, sample.name);
    option.value = String(index);
    menu.appendChild(option);
  });
  const fallback = element("option", null, "default data");
  fallback.value = "";
  menu.appendChild(fallback);
  menu.addEventListener("change", () => choose(menu.value === "" ? sampleData() : JSON.stringify(samples[Number(menu.value)].data)));
  return menu;
}

async function loadGallery() {
  let gallery;
  try {
    JSON.parse(sampleData());
  } catch (error) {
    showProblem("The sample data is not valid JSON: " + error.message);
    return;
  }
  try {
    gallery = await getJSON("/api/gallery?" + query({ data: sampleData() }));
  } catch (error) {
    showProblem("Gallery: " + error.message);
    return;
  }
  const filter = $("theme-filter");
  if (filter.options.length === 1) {
    for (const theme of gallery.themes) filter.appendChild(element("option", null, theme));
  }
  const themes = filter.value ? [filter.value] : gallery.themes;

  const plugins = $("plugins");
  plugins.replaceChildren();
  for (const plugin of gallery.plugins) {
    const card = element("div", "plugin");
    card.appendChild(element("h3", null, plugin.plugin_id || plugin.path));
    card.appendChild(element("div", "meta", (plugin.name || "") + " · " + plugin.status + " · " + plugin.path));
    if (plugin.problem) card.appendChild(element("div", "error", plugin.problem));
    const list = element("ul");
    for (const component of plugin.components) {
      list.appendChild(element("li", "component-id", component.kind + " " + component.id + (component.description ? " — " + component.description : "")));
    }
    card.appendChild(list);
    plugins.appendChild(card);
  }

  const testButtons = $("test-plugins");
  testButtons.replaceChildren();
  for (const plugin of gallery.plugins) {
    const button = element("button", "run-test", "Test " + (plugin.plugin_id || plugin.path));
    button.addEventListener("click", () => runTests(plugin.path));
    testButtons.appendChild(button);
  }

  const views = $("view-loaders");
  views.replaceChildren();
  for (const view of gallery.view_loaders) {
    const card = element("div", "component view-loader");
    card.dataset.id = view.id;
    card.appendChild(element("h3", null, view.id));
    if (view.error) {
      card.appendChild(element("div", "error", view.error));
    } else {
      card.appendChild(element("div", "meta", "fields: " + (view.fields.join(", ") || "none") + " · buttons: " + (view.buttons.join(", ") || "none")));
      // Which handlers it works with, first; why each other one does not fit, folded away.
      const misfits = new Set(view.mismatches.map((mismatch) => mismatch.handler));
      const fitting = gallery.handlers.map((handler) => handler.id).filter((id) => !misfits.has(id));
      card.appendChild(fitting.length
        ? element("div", "fits", "✓ works with " + fitting.join(", "))
        : element("div", "mismatch", "✗ works with none of the plugins' handlers"));
      if (view.mismatches.length) {
        const why = element("details", "mismatches");
        why.appendChild(element("summary", "meta", "does not fit " + view.mismatches.length + " handler" + (view.mismatches.length === 1 ? "" : "s")));
        for (const mismatch of view.mismatches) {
          why.appendChild(element("div", "mismatch", "✗ " + mismatch.handler + ": " + mismatch.messages.join("; ")));
        }
        card.appendChild(why);
      }
      // The card's own data editor starts from the chosen sample (the first declared, else the
      // default data); its pictures are drawn for what it holds.
      const editor = element("div", "toolbar card-data");
      const data = element("textarea", "data");
      data.rows = 2;
      data.spellcheck = false;
      data.value = JSON.stringify(view.data);
      const pictures = element("div", "pictures");
      const draw = () => {
        try {
          JSON.parse(data.value);
        } catch (error) {
          showProblem(view.id + ": the data is not valid JSON: " + error.message);
          return;
        }
        pictures.replaceChildren(...themes.flatMap((theme) => galleryTraits().map((traits) => picture(view.id, theme, data.value, traits))));
      };
      if (view.samples.length) {
        editor.appendChild(sampleMenu(view.samples, (json) => { data.value = json; draw(); }));
      }
      editor.appendChild(data);
      const apply = element("button", "draw", "Draw");
      apply.addEventListener("click", draw);
      editor.appendChild(apply);
      card.appendChild(editor);
      draw();
      card.appendChild(pictures);
      const plugin = gallery.plugins.find((p) => p.components.some((component) => component.id === view.id));
      card.appendChild(auditSection(view.id, plugin));
    }
    views.appendChild(card);
  }

  const handlers = $("handlers");
  handlers.replaceChildren();
  for (const handler of gallery.handlers) {
    const card = element("div", "component handler");
    card.dataset.id = handler.id;
    card.appendChild(element("h3", null, handler.id));
    if (handler.error) card.appendChild(element("div", "error", handler.error));
    if (handler.samples.length) {
      // A handler's samples: shown, and usable as the default data of the view loaders.
      const shown = element("code", "sample-data", JSON.stringify(handler.samples[0].data));
      const use = element("button", "use-sample", "Use as default data");
      use.addEventListener("click", () => {
        $("sample-data").value = shown.textContent;
        loadGallery();
      });
      const samples = element("div", "toolbar");
      samples.appendChild(sampleMenu(handler.samples, (json) => { shown.textContent = json; }));
      samples.append(shown, use);
      card.appendChild(samples);
    }
    const list = element("ul");
    for (const action of handler.actions) {
      const item = element("li");
      item.appendChild(element("code", null, action.name));
      item.appendChild(document.createTextNode(" " + action.signature + (action.fields.length ? " · reads " + action.fields.join(", ") : "")));
      list.appendChild(item);
    }
    card.appendChild(list);
    handlers.appendChild(card);
  }
  window.pophost.galleryLoaded = performance.now();
}
$("apply-data").addEventListener("click", loadGallery);
$("theme-filter").addEventListener("change", loadGallery);
$("traits-filter").addEventListener("change", loadGallery);

// The accessibility audit: the a11y.* tests of `pophost test` on each plugin file, run once per page
// (again after a reload), shown under each view loader's pictures with the CLI's words and the
// findings about that view loader.
const audits = new Map();
function audit(path) {
  if (!audits.has(path)) {
    audits.set(path, getJSON("/api/audit", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ plugin: path }) }));
  }
  return audits.get(path);
}

function auditSection(id, plugin) {
  const box = element("div", "audit");
  box.appendChild(element("h4", null, "Accessibility audit (a11y.*)"));
  const note = element("div", "meta", "running the a11y.* tests…");
  box.appendChild(note);
  if (!plugin) {
    note.textContent = "not in a plugin file of the gallery";
    return box;
  }
  const others = plugin.components.map((component) => component.id).filter((other) => other !== id);
  audit(plugin.path).then((report) => {
    const results = report.plugins[0].results.filter((result) => result.name.startsWith("a11y."));
    if (!results.length) {
      note.textContent = "pophost test has no a11y.* test yet: nothing to show";
      return;
    }
    note.remove();
    const table = element("table", "results");
    for (const result of results) {
      const lines = [result.message, ...result.details].filter(Boolean);
      const mine = lines.filter((line) => line.includes(id));
      const aboutOthers = !mine.length && lines.some((line) => others.some((other) => line.includes(other)));
      const row = element("tr", "result");
      row.dataset.test = result.name;
      row.appendChild(element("td", "status-" + result.status, cliWord[result.status] || result.status));
      row.appendChild(element("td", null, result.name));
      row.appendChild(element("td", "details", aboutOthers ? "nothing about " + id + ": the findings are about the plugin's other components" : (mine.length ? mine : lines).join("\n")));
      table.appendChild(row);
    }
    box.appendChild(table);
  }).catch((error) => {
    note.className = "error";
    note.textContent = "Audit: " + error.message;
  });
  return box;
}

// Test results: `pophost test` on one plugin file of the gallery.
// The words `pophost test` prints for each status.
const cliWord = { success: "ok", warning: "warn", skipped: "skip", failed: "FAIL", crashed: "CRASH", timeout: "TIMEOUT" };

async function runTests(path) {
  const body = $("results");
  body.replaceChildren(element("tr", null, "running pophost test on " + path + "…"));
  let report;
  try {
    report = await getJSON("/api/test", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ plugin: path }) });
  } catch (error) {
    body.replaceChildren();
    showProblem("Tests: " + error.message);
    return;
  }
  body.replaceChildren();
  const results = report.plugins[0].results;
  const count = (statuses) => results.filter((result) => statuses.includes(result.status)).length;
  const failed = count(["failed", "crashed", "timeout"]);
  $("test-summary").textContent = (failed ? "failed  " : "passed  ") + path + ": " + [
    [count(["success"]), "passed"], [failed, "failed"], [count(["warning"]), "warnings"], [count(["skipped"]), "skipped"],
  ].filter(([n]) => n > 0).map(([n, word]) => n + " " + word).join(", ");
  $("test-summary").className = "summary " + (failed ? "status-failed" : "status-success");
  for (const result of results) {
    const row = element("tr", "result");
    row.appendChild(element("td", "status-" + result.status, cliWord[result.status] || result.status));
    row.appendChild(element("td", null, result.name));
    const message = element("td", null, result.message || "");
    if (result.details.length) message.appendChild(element("div", "details", result.details.join("\n")));
    if (result.snapshot) message.appendChild(snapshotDifference(path, result));
    row.appendChild(message);
    body.appendChild(row);
  }
  window.pophost.testReport = report;
}

// A failed scenario snapshot: the frame that differs as recorded, as run, and their difference,
// and the button that records the snapshot anew (then runs the tests again).
function snapshotDifference(path, result) {
  const box = element("div", "snapshot");
  const where = result.snapshot.frame === undefined || result.snapshot.frame === null
    ? "only the trace differs (line " + result.snapshot.line + ")"
    : "frame " + result.snapshot.frame + " differs (line " + result.snapshot.line + " of " + result.snapshot.snapshot + ")";
  box.appendChild(element("div", "meta", where));
  if (result.snapshot.expected_frame && result.snapshot.actual_frame) {
    const pictures = element("div", "pictures");
    for (const [picture, caption] of [["expected", "expected (recorded)"], ["actual", "actual (this run)"], ["difference", "difference"]]) {
      const url = "/api/snapshot.svg?" + query({ plugin: path, test: result.name, picture: picture });
      const shown = svgPicture(url, caption, caption);
      shown.dataset.picture = picture;
      pictures.appendChild(shown);
    }
    box.appendChild(pictures);
    box.appendChild(element("div", "meta legend", "difference: green added · red removed · blue moved · orange changed (text, colour, …)"));
  }
  const accept = element("button", "accept", "Accept: record this run as the snapshot");
  accept.addEventListener("click", async () => {
    accept.disabled = true;
    try {
      const recorded = await getJSON("/api/accept", {
        method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ plugin: path, scenario: result.name.replace(/^scenario\./, "") }),
      });
      const run = recorded.plugins[0].results.find((r) => r.name === result.name);
      window.pophost.accepted = run;
      if (!run || run.status === "failed" || run.status === "crashed" || run.status === "timeout") {
        showProblem("Accept " + result.name + ": " + (run ? run.message : "not run"));
        accept.disabled = false;
        return;
      }
    } catch (error) {
      showProblem("Accept " + result.name + ": " + error.message);
      accept.disabled = false;
      return;
    }
    await runTests(path);
  });
  box.appendChild(accept);
  return box;
}

// A picture from the server shown through <img> (no script runs in it), or its error.
function svgPicture(url, alt, caption) {
  const box = element("div", "picture");
  fetch(url).then(async (response) => {
    if (!response.ok) {
      const body = await response.json();
      box.prepend(element("div", "error", body.error));
      return;
    }
    const image = element("img");
    image.alt = alt;
    image.src = URL.createObjectURL(await response.blob());
    box.prepend(image);
  }).catch((error) => box.prepend(element("div", "error", error.message)));
  box.appendChild(element("div", null, caption));
  return box;
}

// Player.
async function showFrame(time) {
  time = Math.max(0, Math.round(time));
  const response = await fetch("/api/frame.svg?t=" + time);
  if (!response.ok) {
    showProblem("Frame at " + time + " ms: " + (await response.json()).error);
    return;
  }
  const svg = await response.text();
  const image = $("frame");
  const old = image.src;
  image.src = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
  if (old.startsWith("blob:")) URL.revokeObjectURL(old);
  state.time = time;
  window.pophost.lastFrame = { time: time, svg: svg };
  window.pophost.frames += 1;
  $("scrub").value = String(time);
  $("time").textContent = (time / 1000).toFixed(2) + " s";
  await refreshState();
  await refreshTrace();
}

async function refreshState() {
  try {
    const player = await getJSON("/api/state");
    state.end = player.end_ms;
    state.screenWidth = player.screen_width;
    $("scrub").max = String(Math.max(player.end_ms, state.time));
    $("status").textContent = player.status;
    const screens = $("screen");
    if (screens.options.length === 0) {
      for (const name of player.screens) screens.appendChild(element("option", null, name));
    }
    screens.value = player.screen;
    showTraits(player.traits);
    renderMirror(player.accessibility);
    // What went wrong in the run (a component missing from the search path, a failed
    // expectation) goes to the problem panel once.
    for (const problem of player.problems) {
      if (!state.problemsShown.has(problem)) {
        state.problemsShown.add(problem);
        showProblem("Scenario: " + problem);
      }
    }
  } catch (error) {
    showProblem("State: " + error.message);
  }
}

async function refreshTrace() {
  let events;
  try {
    events = await getJSON("/api/trace");
  } catch (error) {
    showProblem("Trace: " + error.message);
    return;
  }
  state.traceEvents = events;
  const body = $("trace");
  body.replaceChildren();
  for (const event of events) {
    const row = element("tr", "event " + (event.t <= state.time ? "past" : "future"));
    row.appendChild(element("td", null, (event.t / 1000).toFixed(3)));
    row.appendChild(element("td", null, event.request + (event.label ? " " + event.label : "")));
    row.appendChild(element("td", null, event.event));
    row.appendChild(element("td", null, event.detail || event.reason || ""));
    row.addEventListener("click", () => { pause(); showFrame(event.t); });
    body.appendChild(row);
  }
}

function pause() {
  state.playing = false;
  $("play").textContent = "Play";
}

async function play() {
  state.playing = true;
  $("play").textContent = "Pause";
  let last = performance.now();
  while (state.playing) {
    const now = performance.now();
    const next = Math.min(state.end, state.time + Math.max(16, now - last));
    last = now;
    await showFrame(next);
    if (next >= state.end) pause();
    await new Promise((resolve) => setTimeout(resolve, 16));
  }
}

$("play").addEventListener("click", () => (state.playing ? pause() : play()));
$("step-back").addEventListener("click", () => { pause(); showFrame(state.time - 100); });
$("step-forward").addEventListener("click", () => { pause(); showFrame(state.time + 100); });
$("scrub").addEventListener("input", () => { pause(); showFrame(Number($("scrub").value)); });

// Input: the terminal host's input model, over POST /api/input, one at a time in order.
let inputs = Promise.resolve();
function send(input) {
  inputs = inputs.then(async () => {
    try {
      const outcome = await getJSON("/api/input", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(input) });
      window.pophost.inputsSent += 1;
      // The input came at the server's instant: the page's next frame is at it or later, never
      // before it (going back would replay the run without it).
      state.time = Math.max(state.time, outcome.state.time_ms);
      if (outcome.ran.length) window.pophost.lastRan = outcome.ran;
      $("status").textContent = outcome.state.status;
    } catch (error) {
      showProblem("Input: " + error.message);
    }
  });
  return inputs;
}

function screenPoint(event) {
  const image = $("frame");
  const box = image.getBoundingClientRect();
  const scale = image.naturalWidth / box.width;
  const origin = (image.naturalWidth - state.screenWidth) / 2;
  return { x: (event.clientX - box.left) * scale - origin, y: (event.clientY - box.top) * scale - origin };
}

let pointerDown = false;
$("frame").addEventListener("mousedown", (event) => {
  event.preventDefault();
  pointerDown = true;
  send(Object.assign({ kind: "pointer", phase: "down" }, screenPoint(event)));
});
// A finger that went down on the phone is followed until it lifts, wherever the mouse goes: a
// release outside the picture still ends the touch.
window.addEventListener("mousemove", (event) => {
  if (pointerDown) send(Object.assign({ kind: "pointer", phase: "moved" }, screenPoint(event)));
});
window.addEventListener("mouseup", (event) => {
  if (!pointerDown) return;
  pointerDown = false;
  send(Object.assign({ kind: "pointer", phase: "up" }, screenPoint(event))).then(() => showFrame(state.time));
});
$("type").addEventListener("click", () => {
  send({ kind: "type", text: $("type-text").value }).then(() => showFrame(state.time));
  $("type-text").value = "";
});
$("backspace").addEventListener("click", () => send({ kind: "key", key: "backspace" }).then(() => showFrame(state.time)));
$("enter").addEventListener("click", () => send({ kind: "key", key: "enter" }).then(() => showFrame(state.time)));
$("screen").addEventListener("change", async () => {
  try {
    await getJSON("/api/screen", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ name: $("screen").value }) });
  } catch (error) {
    showProblem("Screen: " + error.message);
  }
  await showFrame(state.time);
});
// Recording: the run starts again at 0 and what you do from then on becomes a scenario file, saved by
// the server where pophost test finds it (POST /api/record).
async function record() {
  const post = (body) => getJSON("/api/record", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  try {
    if (!state.recording) {
      pause();
      await post({ action: "start" });
      state.recording = true;
      $("record").textContent = "■ Save";
      $("record").setAttribute("aria-pressed", "true");
      await showFrame(0);
      play();
      return;
    }
    pause();
    await inputs;
    const saved = await post({ action: "save", name: $("record-name").value.trim() });
    state.recording = false;
    $("record").textContent = "● Record";
    $("record").setAttribute("aria-pressed", "false");
    $("status").textContent = "Recorded to " + saved.path + ": pophost test plays it";
    window.pophost.lastRecording = saved;
  } catch (error) {
    showProblem("Record: " + error.message);
  }
}
$("record").addEventListener("click", record);

// The trait toggles send pophost run's keys as commands (never typed into a focused field); their pressed state comes back with the player's state.
function showTraits(traits) {
  $("reduce-motion").setAttribute("aria-pressed", String(traits.reduce_motion));
  $("appearance").setAttribute("aria-pressed", String(traits.appearance === "dark"));
  $("layout-direction").setAttribute("aria-pressed", String(traits.layout_direction === "rtl"));
  $("text-size").textContent = "Text " + traits.content_size;
  $("voice-over").setAttribute("aria-pressed", String(traits.voice_over));
  state.voiceOver = traits.voice_over;
}
const toggles = { m: "reduce-motion", a: "appearance", t: "text-size", l: "layout-direction", v: "voice-over", r: "rotate", k: "keyboard" };
for (const [key, id] of Object.entries(toggles)) {
  $(id).addEventListener("click", () => send({ kind: "command", key: key }).then(() => showFrame(state.time)));
}

// The page's own shortcuts, while the player shows and no text box has the focus.
document.addEventListener("keydown", (event) => {
  if ($("player").hidden || event.ctrlKey || event.metaKey || event.altKey) return;
  if (["INPUT", "TEXTAREA", "SELECT"].includes(document.activeElement.tagName)) return;
  if (event.key === " ") {
    event.preventDefault();
    $("play").click();
  } else if (event.key === "ArrowLeft") {
    $("step-back").click();
  } else if (event.key === "ArrowRight") {
    $("step-forward").click();
  } else if (toggles[event.key]) {
    $(toggles[event.key]).click();
  }
});

// The ARIA mirror: the frame's accessibility tree (`/api/state`'s `accessibility`) as elements with
// ARIA roles, each over its drawn rectangle (transparent; the mouse goes through to the picture), so
// a screen reader and the pointer agree. A modal popup is a dialog (an alert an alertdialog) and the
// page beneath it is left out, as the host's tree leaves it out; a banner is a polite live region.
// The keyboard follows W3C APG's modal dialog: Tab and Shift+Tab move the host's screen reader focus
// (trapped in a modal popup; with none, Tab leaves the phone at its ends), Enter and Space activate,
// Escape is the escape gesture; the DOM focus follows the host's.
const elementRoles = { button: "button", link: "link", header: "heading", image: "img", "text-field": "textbox", "search-field": "searchbox" };
const containerRoles = { dialog: "dialog", "alert-dialog": "alertdialog", status: "status" };
const mirrorNodes = new Map();
let mirrorShape = "";
let renderedFocus = null;

function mirrorRole(item) {
  return item.traits && item.traits.includes("adjustable") ? "slider" : elementRoles[item.role];
}

function mirrorElement(item) {
  const node = element("div", "ax-element");
  node.id = "ax-" + item.id;
  node.dataset.id = item.id;
  node.tabIndex = -1;
  const role = mirrorRole(item);
  if (role) node.setAttribute("role", role);
  if (role === "heading") node.setAttribute("aria-level", "2");
  return node;
}

function setAttribute(node, name, value) {
  if (value === null || value === undefined) node.removeAttribute(name);
  else if (node.getAttribute(name) !== value) node.setAttribute(name, value);
}

// An element's name, value and states, in place (a rebuilt node would lose the DOM focus).
function updateMirrorElement(node, item) {
  const role = mirrorRole(item);
  const traits = item.traits || [];
  const labelled = role === "img" || role === "textbox" || role === "searchbox" || role === "slider";
  setAttribute(node, "aria-label", labelled ? item.label : null);
  const text = labelled ? (role === "img" || role === "slider" ? "" : item.value || "") : item.label + (item.value ? " " + item.value : "");
  if (node.textContent !== text) node.textContent = text;
  setAttribute(node, "aria-valuetext", role === "slider" ? item.value || "" : null);
  const selected = traits.includes("selected") ? "true" : null;
  setAttribute(node, "aria-pressed", role === "button" ? selected : null);
  setAttribute(node, "aria-selected", role === "button" ? null : selected);
  setAttribute(node, "aria-disabled", traits.includes("disabled") ? "true" : null);
  placeMirrorElement(node, item.frame);
}

// Where the screen's rectangle `frame` (points) is on the picture: the phone's screen is centred in
// the SVG with the same margin on every side (as the page's taps assume).
function placeMirrorElement(node, frame) {
  const image = $("frame");
  if (!image.naturalWidth || !image.naturalHeight) return;
  const origin = (image.naturalWidth - state.screenWidth) / 2;
  node.style.left = ((origin + frame.x) / image.naturalWidth) * 100 + "%";
  node.style.top = ((origin + frame.y) / image.naturalHeight) * 100 + "%";
  node.style.width = (frame.width / image.naturalWidth) * 100 + "%";
  node.style.height = (frame.height / image.naturalHeight) * 100 + "%";
}

function mirrorContainer(container) {
  const box = element("div", "ax-container");
  box.dataset.id = container.id;
  const role = containerRoles[container.role];
  if (role) box.setAttribute("role", role);
  if (container.modal) box.setAttribute("aria-modal", "true");
  const header = container.elements.find((item) => item.role === "header");
  if (role === "dialog" || role === "alertdialog") {
    if (header) box.setAttribute("aria-labelledby", "ax-" + header.id);
    else box.setAttribute("aria-label", container.label || "popup");
  }
  if (role === "alertdialog") {
    const after = header ? container.elements.indexOf(header) + 1 : 0;
    const message = container.elements.slice(after).find((item) => item.role === "text");
    if (message) box.setAttribute("aria-describedby", "ax-" + message.id);
  }
  if (role === "status") {
    box.setAttribute("aria-live", "polite");
    box.setAttribute("aria-atomic", "true");
  }
  return box;
}

function renderMirror(tree) {
  state.tree = tree;
  const mirror = $("mirror");
  const hadFocus = mirror.contains(document.activeElement);
  const shape = JSON.stringify(tree.containers.map((c) => [c.id, c.role, c.modal, c.label, c.elements.map((e) => [e.id, mirrorRole(e)])]));
  if (shape !== mirrorShape) {
    mirrorShape = shape;
    mirrorNodes.clear();
    mirror.replaceChildren(...tree.containers.map((container) => {
      const box = mirrorContainer(container);
      for (const item of container.elements) {
        const node = mirrorElement(item);
        mirrorNodes.set(item.id, node);
        box.appendChild(node);
      }
      return box;
    }));
  }
  const items = tree.containers.flatMap((container) => container.elements);
  for (const item of items) updateMirrorElement(mirrorNodes.get(item.id), item);
  // One element is in the page's Tab order (a roving tabindex): the host's focus, else the first.
  const entry = tree.focus || (items[0] && items[0].id);
  for (const [id, node] of mirrorNodes) node.tabIndex = id === entry ? 0 : -1;
  // The DOM focus follows the host's: while the phone has it, and, with VoiceOver on, whenever the
  // host moves it (into a popup that presents, back when it leaves).
  const moved = tree.focus !== renderedFocus;
  renderedFocus = tree.focus;
  const target = tree.focus && mirrorNodes.get(tree.focus);
  if (target && document.activeElement !== target && (hadFocus || (moved && state.voiceOver))) target.focus({ preventScroll: true });
  window.pophost.accessibility = tree;
}

$("frame").addEventListener("load", () => {
  if (!state.tree) return;
  for (const item of state.tree.containers.flatMap((container) => container.elements)) {
    const node = mirrorNodes.get(item.id);
    if (node) placeMirrorElement(node, item.frame);
  }
});

// A screen reader's input to the host; the first turns VoiceOver on (focus into popups, traced).
function accessibility(input) {
  if (!state.voiceOver && input.command !== "voice_over") {
    state.voiceOver = true;
    send({ kind: "accessibility", command: "voice_over", on: true });
  }
  return send(Object.assign({ kind: "accessibility" }, input)).then(() => showFrame(state.time));
}

$("mirror").addEventListener("keydown", (event) => {
  const target = event.target.closest(".ax-element");
  if (!target || !state.tree || event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.key === "Tab") {
    const ids = state.tree.containers.flatMap((container) => container.elements.map((item) => item.id));
    const index = ids.indexOf(target.dataset.id);
    const modal = state.tree.containers.some((container) => container.modal);
    if (!modal && (event.shiftKey ? index <= 0 : index === ids.length - 1)) return;
    accessibility({ command: event.shiftKey ? "previous" : "next" });
  } else if (event.key === "Enter" || event.key === " ") {
    accessibility({ command: "activate", id: target.dataset.id });
  } else if (event.key === "Escape") {
    accessibility({ command: "escape" });
  } else {
    return;
  }
  event.preventDefault();
  event.stopPropagation();
});
// A screen reader's own activation (a click on the element, not through the picture).
$("mirror").addEventListener("click", (event) => {
  const target = event.target.closest(".ax-element");
  if (target) accessibility({ command: "activate", id: target.dataset.id });
});
// The screen reader's cursor put on an element: the host's focus goes there too.
$("mirror").addEventListener("focusin", (event) => {
  const target = event.target.closest(".ax-element");
  if (target && state.tree && target.dataset.id !== state.tree.focus) accessibility({ command: "focus", id: target.dataset.id });
});

// Live: rebuilt plugins are reloaded by the server and replayed to the same instant; the page
// redraws in place (no page load), keeping its timeline position.
function connect() {
  const socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/live");
  socket.addEventListener("open", () => {
    $("live-status").textContent = "live";
    $("live-status").className = "live connected";
  });
  socket.addEventListener("message", async (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "reloaded") {
      const told = performance.now();
      audits.clear();
      $("live-status").textContent = message.message;
      await showFrame(state.time);
      window.pophost.reloads.push({ message: message.message, told: told, shown: performance.now() });
      await loadGallery();
    } else if (message.type === "reload_failed" || message.type === "plugin_event" || message.type === "error") {
      showProblem(message.message);
    }
  });
  socket.addEventListener("close", () => {
    $("live-status").textContent = "disconnected: retrying…";
    $("live-status").className = "live";
    setTimeout(connect, 1000);
  });
}

connect();
loadGallery();
