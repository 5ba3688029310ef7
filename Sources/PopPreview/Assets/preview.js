// pophost preview's page: plain script, no framework, no network but this server. Every string that
// comes from a plugin is put in the page as text (textContent), never as markup; pictures are SVG
// shown through <img>, where no script runs.
"use strict";

const $ = (id) => document.getElementById(id);
const state = { time: 0, end: 10000, screenWidth: 390, playing: false, loading: false, traceEvents: [] };
window.pophost = { lastFrame: null, frames: 0, reloads: [], problems: [] };

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

function picture(viewLoader, theme, data) {
  const url = "/api/component.svg?" + query({ view_loader: viewLoader, theme: theme, data: data });
  return svgPicture(url, viewLoader + " as " + theme, theme);
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
      for (const mismatch of view.mismatches) {
        card.appendChild(element("div", "mismatch", "✗ " + mismatch.handler + ": " + mismatch.messages.join("; ")));
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
        pictures.replaceChildren(...themes.map((theme) => picture(view.id, theme, data.value)));
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

// Test results: `pophost test` on one plugin file of the gallery.
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
  for (const result of report.plugins[0].results) {
    const row = element("tr", "result");
    row.appendChild(element("td", "status-" + result.status, result.status));
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
$("frame").addEventListener("mousemove", (event) => {
  if (pointerDown) send(Object.assign({ kind: "pointer", phase: "moved" }, screenPoint(event)));
});
$("frame").addEventListener("mouseup", (event) => {
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
$("rotate").addEventListener("click", () => send({ kind: "key", key: "r" }).then(() => showFrame(state.time)));
$("screen").addEventListener("change", async () => {
  try {
    await getJSON("/api/screen", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ name: $("screen").value }) });
  } catch (error) {
    showProblem("Screen: " + error.message);
  }
  await showFrame(state.time);
});
$("keyboard").addEventListener("click", () => send({ kind: "key", key: "k" }).then(() => showFrame(state.time)));
$("reduce-motion").addEventListener("click", () => {
  const button = $("reduce-motion");
  button.setAttribute("aria-pressed", button.getAttribute("aria-pressed") === "true" ? "false" : "true");
  send({ kind: "key", key: "m" }).then(() => showFrame(state.time));
});
$("appearance").addEventListener("click", () => {
  const button = $("appearance");
  button.setAttribute("aria-pressed", button.getAttribute("aria-pressed") === "true" ? "false" : "true");
  send({ kind: "key", key: "a" }).then(() => showFrame(state.time));
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
