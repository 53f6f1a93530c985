"use strict";
const $ = (id) => document.getElementById(id);
const canvas = $("canvas"), ctx = canvas.getContext("2d");
const palette = ["#6c8cff", "#ff8a65", "#4fd1c5", "#f6c453", "#b692f6", "#f472b6", "#34d399", "#60a5fa"];
const state = {
  scene: null, frame: null, socket: null, connected: false, playing: true, error: null,
  trails: new Map(), maxTime: 1, view: { s: 1, ox: 0, oy: 0 }, pointers: new Map(), hover: null,
  plotItem: null, plotDirty: true, seekPending: null, resetFrom: null,
};

// ---- connection -------------------------------------------------------------------
function connect() {
  const ws = new WebSocket(`ws://${location.host}/live`);
  state.socket = ws;
  ws.onopen = () => { state.connected = true; updateStatus(); };
  // A close with a reason (a page that flooded the viewer) is said before reconnecting.
  ws.onclose = (e) => {
    state.connected = false; updateStatus();
    if (e.reason) toast(`${e.reason}; reconnecting`, true);
    setTimeout(connect, 1000);
  };
  ws.onmessage = (e) => receive(JSON.parse(e.data));
}
function send(msg) {
  if (state.socket && state.socket.readyState === 1) state.socket.send(JSON.stringify(msg));
}

function receive(m) {
  switch (m.type) {
    case "scene": onScene(m); break;
    case "frame": onFrame(m); break;
    case "reloaded": onReloaded(m); break;
    case "error": if (m.about === "message") toast(m.message, true); else onError(m.message); break;
  }
}

function onScene(m) {
  // The first scene, and a new screen size (a device preset), fit the stage anew.
  const first = !state.scene || String(state.scene.bounds) !== String(m.bounds);
  state.scene = m;
  state.playing = m.playing;
  $("script").textContent = m.script;
  $("record").classList.toggle("armed", !!m.waitingForTouch);
  // The test is saved beside the scene: pane.lua → pane_session_test.lua.
  $("testLink").download = `${m.script.split("/").pop().replace(/\.lua$/, "")}_session_test.lua`;
  document.title = `${m.script.split("/").pop()} — animhost view`;
  for (const b of $("speed").children) b.classList.toggle("on", Number(b.dataset.speed) === m.speed);
  buildEstimators(m.estimators, m.estimator);
  buildTunables(m.tunables);
  buildDevices(m.tunables);
  buildPlotChoices(m.items);
  updatePlayIcon(); updateStatus();
  if (first) resize();
  state.plotDirty = true;
}

function onFrame(f) {
  const prev = state.frame;
  if (prev && f.t < prev.t - 1e-9) state.trails.clear();   // scrubbed back
  state.frame = f;
  for (const [name, it] of Object.entries(f.items)) {
    let trail = state.trails.get(name);
    if (!trail) { trail = []; state.trails.set(name, trail); }
    const last = trail[trail.length - 1];
    if (!last || last.x !== it.x || last.y !== it.y) trail.push({ x: it.x, y: it.y });
    if (trail.length > 120) trail.shift();
  }
  // After Reset, frames of the old run may still be on their way: they must not stretch
  // the new run's time line. The new run starts at a time before the one reset from.
  if (state.resetFrom !== null) {
    if (f.t < state.resetFrom - 1e-9) { state.resetFrom = null; state.maxTime = Math.max(1, f.t); state.trails.clear(); }
  } else {
    state.maxTime = Math.max(state.maxTime, f.t);
  }
  $("time").textContent = f.t.toFixed(3);
  const scrub = $("scrub");
  if (document.activeElement !== scrub || !state.scrubbing) {
    scrub.max = state.maxTime.toFixed(3); scrub.value = f.t.toFixed(3);
  }
  $("scrubEnd").textContent = `${state.maxTime.toFixed(2)} s`;
  if (state.playing) state.plotDirty = true;
}

function onReloaded(m) {
  state.error = null; $("banner").hidden = true; updateStatus();
  if (m.comparison) showComparison(m.message, m.comparison);
  toast(m.message);
  state.plotDirty = true;
}

function onError(message) {
  state.error = message;
  $("bannerText").textContent = message;
  $("banner").hidden = false;
  updateStatus();
}

let toastTimer = null;
function toast(text, bad) {
  const t = $("toast"); t.textContent = text; t.hidden = false; t.classList.toggle("bad", !!bad);
  clearTimeout(toastTimer); toastTimer = setTimeout(() => { t.hidden = true; }, 3500);
}

function updateStatus() {
  const s = $("status"), label = s.querySelector("b");
  s.className = "status";
  if (!state.connected) { label.textContent = "connecting"; return; }
  if (state.error) { s.classList.add("error"); label.textContent = "error"; return; }
  if (state.scene && state.scene.waitingForTouch) { s.classList.add("recording"); label.textContent = "recording: touch to start"; return; }
  s.classList.add(state.playing ? "live" : "paused");
  label.textContent = state.playing ? "live" : "paused";
}
function updatePlayIcon() {
  $("playIcon").innerHTML = state.playing
    ? '<rect x="5" y="4" width="3.4" height="12" rx="1.2" fill="currentColor"/><rect x="11.6" y="4" width="3.4" height="12" rx="1.2" fill="currentColor"/>'
    : '<path d="M6 4l10 6-10 6z" fill="currentColor"/>';
}

// ---- controls ---------------------------------------------------------------------
$("play").onclick = () => send({ type: state.playing ? "pause" : "play" });
$("step").onclick = stepFrame;
function startOver(type) {
  state.trails.clear(); state.maxTime = 1;
  // A reset at t ≈ 0 has no old frames to tell apart; otherwise wait for the new run's first.
  state.resetFrom = state.frame && state.frame.t > 1e-6 ? state.frame.t : null;
  send({ type });
}
$("reset").onclick = () => startOver("reset");
// Reset and record: no touches, the clock held at 0 s until the first touch begins.
$("record").onclick = () => startOver("record");
for (const b of $("speed").children) b.onclick = () => send({ type: "speed", factor: Number(b.dataset.speed) });
// The release-velocity estimator: the scene replays with it from the start.
function buildEstimators(names, current) {
  const sel = $("estimator");
  if (!names) return;
  if (sel.options.length !== names.length) {
    sel.replaceChildren(...names.map((n) => { const o = document.createElement("option"); o.value = n; o.textContent = n; return o; }));
  }
  sel.value = current;
}
$("estimator").onchange = (e) => send({ type: "estimator", name: e.target.value });
function stepFrame() {
  const sc = state.scene;
  send({ type: "step", n: sc ? Math.max(1, Math.round(sc.hz / sc.fps)) : 1 });
}
const scrub = $("scrub");
// Scrubbing pauses, as in a video editor; play goes on from the chosen time.
scrub.addEventListener("pointerdown", () => { state.scrubbing = true; if (state.playing) send({ type: "pause" }); });
scrub.addEventListener("pointerup", () => { state.scrubbing = false; });
scrub.addEventListener("input", () => { state.seekPending = Number(scrub.value); });
document.addEventListener("keydown", (e) => {
  if (e.target.tagName === "INPUT" && e.target.type !== "checkbox") return;
  if (e.code === "Space") { e.preventDefault(); $("play").click(); }
  else if (e.key === ".") stepFrame();
  else if (e.key === "r") $("reset").click();
  else if (e.key === "R") $("record").click();
  else if (e.key === "t") $("trails").click();
  else if (e.key === "v") $("arrows").click();
});

// Device presets: screen sizes in points. A scene that declares the tunables `width` and
// `height` (its screen) is played at the chosen one; the menu is off for other scenes.
const devices = [
  ["iPhone SE", 375, 667], ["iPhone 15", 393, 852], ["iPhone 15 Pro Max", 430, 932],
  ["Pixel 7", 412, 915], ["Pixel 8 Pro", 448, 998], ["Pixel Fold (open)", 673, 841],
];
function buildDevices(tunables) {
  const sel = $("device"), label = $("deviceLabel");
  const w = tunables.find((t) => t.name === "width"), h = tunables.find((t) => t.name === "height");
  if (!sel.options.length) {
    sel.appendChild(new Option("Scene", ""));
    devices.forEach(([name, dw, dh], i) => sel.appendChild(new Option(`${name} · ${dw}×${dh}`, String(i))));
  }
  sel.disabled = !(w && h);
  label.title = w && h
    ? "Plays the scene at a phone's screen size (sets its width and height tunables)"
    : 'This scene declares no animhost.tunable("width", …) and ("height", …) for a device to set';
  const match = w && h ? devices.findIndex(([, dw, dh]) => dw === w.value && dh === h.value) : -1;
  sel.options[0].textContent = w && h && match < 0 ? `Scene · ${fmt(w.value)}×${fmt(h.value)}` : "Scene";
  sel.value = match < 0 ? "" : String(match);
}
$("device").onchange = (e) => {
  const d = devices[Number(e.target.value)];
  if (!e.target.value || !d) return;
  send({ type: "set", name: "width", value: d[1] });
  send({ type: "set", name: "height", value: d[2] });
};

function buildTunables(list) {
  const box = $("tunables");
  const key = JSON.stringify(list.map((t) => [t.name, t.min, t.max, t.scale]));
  if (box.dataset.key === key) {
    for (const t of list) {
      const input = box.querySelector(`input[data-name="${t.name}"]`);
      if (input && input.type === "checkbox") { input.checked = t.value === 1; }
      else if (input && document.activeElement !== input) { input.value = input.toSlider ? input.toSlider(t.value) : t.value; }
      const out = box.querySelector(`output[data-name="${t.name}"]`);
      if (out) out.textContent = fmt(t.value);
    }
    return;
  }
  box.dataset.key = key;
  if (!list.length) { box.innerHTML = '<p class="muted">This scene declares no <code>animhost.tunable</code>.</p>'; return; }
  box.innerHTML = "";
  for (const t of list) {
    const log = t.scale === "log";   // declared {scale = "log"}: min > 0, values spanning decades
    const lo = t.min ?? Math.min(0, t.default * 2);
    const hi = t.max ?? (log ? Math.max(t.default, lo) * 100 : Math.max(1, t.default * 2));
    const row = document.createElement("div");
    row.className = "tunable";
    if (t.integer && lo === 0 && hi === 1) {   // an on/off switch: a toggle, not a slider
      row.classList.add("switch");
      row.innerHTML = `<label><input type="checkbox"> <span></span></label><output data-name=""></output>`;
      row.querySelector("span").textContent = t.name;
      const out = row.querySelector("output"); out.dataset.name = t.name; out.textContent = fmt(t.value);
      const box1 = row.querySelector("input");
      box1.dataset.name = t.name; box1.checked = t.value === 1;
      box1.onchange = () => { out.textContent = box1.checked ? "1" : "0"; send({ type: "set", name: t.name, value: box1.checked ? 1 : 0 }); };
      box.appendChild(row);
      continue;
    }
    row.innerHTML = `<label></label><output data-name=""></output>
      <input type="range"><div class="range"><span>${fmt(lo)}</span><span>${fmt(hi)}</span></div>`;
    row.querySelector("label").textContent = t.name;
    const out = row.querySelector("output"); out.dataset.name = t.name; out.textContent = fmt(t.value);
    const input = row.querySelector("input");
    let value = () => Number(input.value);
    if (log) {
      // The slider moves through 1000 positions evenly spaced in log(value): from 10 to
      // 10000 each decade gets a third of the track, not 0.1 % for the first.
      const a = Math.log(lo), b = Math.log(hi);
      input.toSlider = (v) => Math.round((Math.log(Math.min(hi, Math.max(lo, v))) - a) / (b - a) * 1000);
      value = () => {
        const v = Math.exp(a + (b - a) * Number(input.value) / 1000);
        return Math.min(hi, Math.max(lo, t.integer ? Math.round(v) : Number(v.toPrecision(4))));
      };
      Object.assign(input, { min: 0, max: 1000, step: 1, value: input.toSlider(t.value) });
      row.querySelector(".range span").insertAdjacentHTML("afterend", '<span class="scale">log scale</span>');
    } else {
      Object.assign(input, { min: lo, max: hi, step: t.integer ? 1 : niceStep(hi - lo), value: t.value });
    }
    input.dataset.name = t.name;
    input.oninput = () => { out.textContent = fmt(value()); };
    input.onchange = () => send({ type: "set", name: t.name, value: value() });
    box.appendChild(row);
  }
}
function niceStep(span) { const p = Math.pow(10, Math.floor(Math.log10(span / 200))); return p; }
function fmt(v) { return Number(v.toFixed(4)).toString(); }

function showComparison(title, lines) {
  const rows = lines.map((l) => l.split(/\s{3,}/));
  const table = $("compare");
  table.innerHTML = "";
  rows.forEach((cells, i) => {
    const tr = document.createElement("tr");
    cells.forEach((c, j) => {
      const td = document.createElement(i === 0 ? "th" : "td");
      td.textContent = i === 0 && j > 0 ? (j === 1 ? `before  ${c}` : `after  ${c}`) : c;
      if (j === 2 && i > 0) td.className = "after";
      if (cells.length === 1) { td.colSpan = 3; td.className = "note"; }
      tr.appendChild(td);
    });
    table.appendChild(tr);
  });
  $("compareTitle").textContent = title;
  $("compareCard").hidden = false;
}

function buildPlotChoices(items) {
  const sel = $("plotItem");
  const names = items.map((i) => i.name);
  if (sel.dataset.key !== names.join("\n")) {
    sel.dataset.key = names.join("\n");
    sel.innerHTML = "";
    for (const n of names) { const o = document.createElement("option"); o.value = o.textContent = n; sel.appendChild(o); }
    if (!names.includes(state.plotItem)) state.plotItem = names[0] ?? null;
    sel.value = state.plotItem ?? "";
  }
}
$("plotItem").onchange = (e) => { state.plotItem = e.target.value; state.plotDirty = true; };
let plotLoading = false;
setInterval(() => {
  if (!state.plotDirty || plotLoading || !state.plotItem) return;
  state.plotDirty = false; plotLoading = true;
  const url = `/plot.svg?item=${encodeURIComponent(state.plotItem)}`;
  $("plotLink").href = url;
  const img = new Image();
  img.onload = () => { $("plot").src = img.src; plotLoading = false; };
  img.onerror = () => { plotLoading = false; };
  img.src = `${url}&k=${Date.now()}`;
}, 400);

// ---- geometry ---------------------------------------------------------------------
function resize() {
  const r = canvas.getBoundingClientRect(), dpr = window.devicePixelRatio || 1;
  canvas.width = Math.round(r.width * dpr); canvas.height = Math.round(r.height * dpr);
  const b = state.scene ? state.scene.bounds : [0, 0, 400, 800];
  const pad = 48, w = r.width - 2 * pad, h = r.height - 2 * pad;
  const s = Math.max(0.05, Math.min(w / b[2], h / b[3]));
  state.view = { s, ox: pad + (w - b[2] * s) / 2 - b[0] * s, oy: pad + (h - b[3] * s) / 2 - b[1] * s, dpr };
}
window.addEventListener("resize", resize);
function toScreen(x, y) {
  const r = canvas.getBoundingClientRect(), v = state.view;
  return { x: r.left + v.ox + x * v.s, y: r.top + v.oy + y * v.s };
}
function toScene(clientX, clientY) {
  const r = canvas.getBoundingClientRect(), v = state.view;
  return { x: (clientX - r.left - v.ox) / v.s, y: (clientY - r.top - v.oy) / v.s };
}
// For the browser tests: the geometry, the state, and the message handler (to hand the
// page a late frame of a run that was reset).
window.animhost = { toScreen, toScene, time: () => (state.frame ? state.frame.t : 0), state, receive, labelInside };

// ---- touches ----------------------------------------------------------------------
function touch(id, clientX, clientY, phase) {
  const p = toScene(clientX, clientY);
  send({ type: "touch", touch: id, phase, x: Math.round(p.x * 100) / 100, y: Math.round(p.y * 100) / 100 });
}
// Two fingers from a mouse, as the iOS Simulator makes them: hold Alt (Option) and a second
// finger mirrors the pointer around a centre — the item under the pointer when the button
// goes down (the centre of a PiP, for a pinch on it), or the screen's. The pair is drawn
// while Alt is held; the mirror is a touch of its own (id `mirrorID + pointer id`).
const mirrorID = 1000000;
function mirrorCentre(clientX, clientY) {
  const sc = state.scene, f = state.frame;
  if (!sc || !f) return null;
  const q = toScene(clientX, clientY);
  let hit = null;
  sc.items.forEach((info) => {
    const it = f.items[info.name]; if (!it) return;
    const k = Math.abs(it.scale ?? 1), w = (it.width ?? info.size[0]) * k, h = (it.height ?? info.size[1]) * k;
    if (Math.abs(q.x - it.x) <= w / 2 && Math.abs(q.y - it.y) <= h / 2) hit = it;   // the last made is on top
  });
  const [bx, by, bw, bh] = sc.bounds;
  return toScreen(hit ? hit.x : bx + bw / 2, hit ? hit.y : by + bh / 2);
}
function mirrored(p, c) { return { x: 2 * c.x - p.x, y: 2 * c.y - p.y }; }
canvas.addEventListener("pointerdown", (e) => {
  if (state.pointers.has(e.pointerId)) return;
  canvas.setPointerCapture(e.pointerId);
  const centre = e.altKey ? mirrorCentre(e.clientX, e.clientY) : null;
  state.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY, centre });
  canvas.classList.add("dragging");
  touch(e.pointerId, e.clientX, e.clientY, "began");
  if (centre) { const m = mirrored({ x: e.clientX, y: e.clientY }, centre); touch(mirrorID + e.pointerId, m.x, m.y, "began"); }
});
canvas.addEventListener("pointermove", (e) => {
  state.hover = { x: e.clientX, y: e.clientY, alt: e.altKey };
  const p = state.pointers.get(e.pointerId);
  if (!p) return;
  p.x = e.clientX; p.y = e.clientY;
  touch(e.pointerId, e.clientX, e.clientY, "moved");
  if (p.centre) { const m = mirrored(p, p.centre); touch(mirrorID + e.pointerId, m.x, m.y, "moved"); }
});
canvas.addEventListener("pointerleave", () => { state.hover = null; });
for (const type of ["keydown", "keyup"]) {
  document.addEventListener(type, (e) => { if (e.key === "Alt" && state.hover) state.hover.alt = type === "keydown"; });
}
for (const [type, phase] of [["pointerup", "ended"], ["pointercancel", "cancelled"]]) {
  canvas.addEventListener(type, (e) => {
    const p = state.pointers.get(e.pointerId);
    if (!p) return;
    state.pointers.delete(e.pointerId);
    if (!state.pointers.size) canvas.classList.remove("dragging");
    touch(e.pointerId, e.clientX, e.clientY, phase);
    if (p.centre) { const m = mirrored({ x: e.clientX, y: e.clientY }, p.centre); touch(mirrorID + e.pointerId, m.x, m.y, phase); }
  });
}

// ---- drawing ----------------------------------------------------------------------
function draw() {
  if (state.seekPending !== null) { send({ type: "seek", t: state.seekPending }); state.seekPending = null; }
  const v = state.view, dpr = v.dpr || 1;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  const sc = state.scene, f = state.frame;
  if (!sc || !f) { requestAnimationFrame(draw); return; }
  ctx.setTransform(dpr * v.s, 0, 0, dpr * v.s, dpr * v.ox, dpr * v.oy);
  const px = 1 / v.s;   // one CSS pixel in scene units
  const [bx, by, bw, bh] = sc.bounds;

  // The device: the reference bounds as a lit screen.
  ctx.save();
  ctx.shadowColor = "rgba(0,0,0,.55)"; ctx.shadowBlur = 40 * px * v.s; ctx.shadowOffsetY = 12 * px * v.s;
  roundRect(bx, by, bw, bh, 18 * px); ctx.fillStyle = "#1a1f28"; ctx.fill();
  ctx.restore();
  grid(bx, by, bw, bh, px);

  drawFields(f.overlay.fields, px);
  const index = new Map(sc.items.map((it, i) => [it.name, i]));
  // Items in creation order (the last created is on top), clipped softly by the screen.
  for (const [name, it] of Object.entries(f.items)) {
    const i = index.get(name); if (i === undefined) continue;
    drawItem(sc.items[i], it, palette[i % palette.length], px);
  }
  if (document.getElementById("trails").checked) drawTrails(sc, px);
  // Outside the screen is dimmed: what is there is off screen.
  ctx.save();
  ctx.beginPath(); ctx.rect(bx - 1e4, by - 1e4, bw + 2e4, bh + 2e4); roundRectPath(bx, by, bw, bh, 18 * px);
  ctx.fillStyle = "rgba(11,13,17,.62)"; ctx.fill("evenodd");
  ctx.restore();
  roundRect(bx, by, bw, bh, 18 * px); ctx.strokeStyle = "#3a4252"; ctx.lineWidth = 1.5 * px; ctx.stroke();

  drawEdges(f.overlay.edges, f.overlay.boundaries, px);
  drawAttachments(f.overlay.attachments, px);
  drawSnaps(f.overlay.snaps, f.items, px);
  if (document.getElementById("arrows").checked) drawArrows(f.items, px);
  drawPointers(px);
  requestAnimationFrame(draw);
}

function grid(bx, by, bw, bh, px) {
  ctx.save();
  roundRectPath(bx, by, bw, bh, 18 * px); ctx.clip();
  ctx.strokeStyle = "rgba(255,255,255,.035)"; ctx.lineWidth = px;
  ctx.beginPath();
  for (let x = bx + 40; x < bx + bw; x += 40) { ctx.moveTo(x, by); ctx.lineTo(x, by + bh); }
  for (let y = by + 40; y < by + bh; y += 40) { ctx.moveTo(bx, y); ctx.lineTo(bx + bw, y); }
  ctx.stroke();
  ctx.restore();
}

function drawItem(info, it, color, px) {
  const w = it.width ?? info.size[0], h = it.height ?? info.size[1];
  ctx.save();
  ctx.translate(it.x, it.y); ctx.rotate(it.angle); ctx.scale(it.scale ?? 1, it.scale ?? 1);
  ctx.globalAlpha = Math.max(0, Math.min(1, it.alpha ?? 1));
  ctx.beginPath();
  if (info.shape === "ellipse") ctx.ellipse(0, 0, w / 2, h / 2, 0, 0, 2 * Math.PI);
  else if (info.shape === "polygon") {
    // The points scale with the size (the body's do): info.points are at info.size.
    const kx = w / info.size[0], ky = h / info.size[1];
    info.points.forEach(([x, y], k) => (k ? ctx.lineTo(x * kx, y * ky) : ctx.moveTo(x * kx, y * ky)));
    ctx.closePath();
  }
  else roundRectPath(-w / 2, -h / 2, w, h, Math.min(it.cornerRadius ?? 0, w / 2, h / 2));
  const g = ctx.createLinearGradient(0, -h / 2, 0, h / 2);
  g.addColorStop(0, shade(color, 0.12)); g.addColorStop(1, shade(color, -0.08));
  ctx.fillStyle = g; ctx.fill();
  ctx.lineWidth = 1.5 * px; ctx.strokeStyle = shade(color, 0.35); ctx.stroke();
  // Name, upright and readable whatever the item's angle.
  ctx.rotate(-it.angle);
  const size = 12 * px;
  if (Math.min(w, h) * (it.scale ?? 1) > size * 2.2) {
    ctx.font = `600 ${size}px Inter, system-ui, sans-serif`;
    ctx.fillStyle = "rgba(255,255,255,.88)"; ctx.textAlign = "center"; ctx.textBaseline = "middle";
    ctx.fillText(info.name, 0, 0);
  }
  ctx.restore();
}

function drawTrails(sc, px) {
  sc.items.forEach((info, i) => {
    const trail = state.trails.get(info.name);
    if (!trail || trail.length < 2) return;
    const xs = trail.map((p) => p.x), ys = trail.map((p) => p.y);
    if (Math.max(...xs) - Math.min(...xs) + Math.max(...ys) - Math.min(...ys) < 6 * px) return;   // at rest: no dot
    const color = shade(palette[i % palette.length], 0.55);
    for (let k = 1; k < trail.length; k++) {
      ctx.strokeStyle = color; ctx.globalAlpha = 0.8 * (k / trail.length);
      ctx.lineWidth = 2.5 * px; ctx.lineCap = "round";
      ctx.beginPath(); ctx.moveTo(trail[k - 1].x, trail[k - 1].y); ctx.lineTo(trail[k].x, trail[k].y); ctx.stroke();
    }
    ctx.globalAlpha = 1;
  });
}

function drawArrows(items, px) {
  for (const it of Object.values(items)) {
    const k = 0.1, dx = it.vx * k, dy = it.vy * k, len = Math.hypot(dx, dy);
    if (len < 4 * px) continue;
    const ux = dx / len, uy = dy / len, head = Math.min(10 * px, len * 0.4);
    ctx.strokeStyle = "#ffd166"; ctx.fillStyle = "#ffd166"; ctx.lineWidth = 2 * px;
    ctx.beginPath(); ctx.moveTo(it.x, it.y); ctx.lineTo(it.x + dx - ux * head, it.y + dy - uy * head); ctx.stroke();
    ctx.beginPath(); ctx.moveTo(it.x + dx, it.y + dy);
    ctx.lineTo(it.x + dx - ux * head - uy * head * 0.5, it.y + dy - uy * head + ux * head * 0.5);
    ctx.lineTo(it.x + dx - ux * head + uy * head * 0.5, it.y + dy - uy * head - ux * head * 0.5);
    ctx.closePath(); ctx.fill();
    ctx.font = `500 ${10.5 * px}px Inter, system-ui, sans-serif`; ctx.textAlign = "left"; ctx.textBaseline = "bottom";
    const label = `${Math.round(Math.hypot(it.vx, it.vy))} pt/s`;
    const at = labelInside(it.x + dx + 6 * px, it.y + dy - 4 * px, ctx.measureText(label).width, 13 * px, px);
    ctx.fillText(label, at.x, at.y);
  }
}

// Where a label of `w` × `h` (scene units, baseline at its bottom left) can go near x, y
// and still be seen whole: kept 4 px inside the canvas, which may be smaller than the scene.
function labelInside(x, y, w, h, px) {
  const v = state.view, r = canvas.getBoundingClientRect();
  const left = -v.ox / v.s + 4 * px, right = (r.width - v.ox) / v.s - 4 * px;
  const top = -v.oy / v.s + 4 * px, bottom = (r.height - v.oy) / v.s - 4 * px;
  return { x: Math.max(left, Math.min(x, right - w)), y: Math.max(top + h, Math.min(y, bottom)) };
}

function drawAttachments(list, px) {
  for (const a of list) {
    const [ax, ay] = a.a, [bx, by] = a.b;
    ctx.strokeStyle = a.spring ? "#7ee0c3" : "#c3cad6"; ctx.lineWidth = 1.8 * px;
    if (a.spring) spring(ax, ay, bx, by, px); else { ctx.beginPath(); ctx.moveTo(ax, ay); ctx.lineTo(bx, by); ctx.stroke(); }
    dot(ax, ay, 3.5 * px, "#e8ecf3");
    if (!a.toItem) anchor(bx, by, px); else dot(bx, by, 3.5 * px, "#e8ecf3");
  }
}

function spring(ax, ay, bx, by, px) {
  const dx = bx - ax, dy = by - ay, len = Math.hypot(dx, dy);
  ctx.beginPath(); ctx.moveTo(ax, ay);
  if (len > 24 * px) {
    const ux = dx / len, uy = dy / len, nx = -uy, ny = ux;
    const lead = Math.min(10 * px, len * 0.15), coils = 9, amp = 6 * px, body = len - 2 * lead;
    ctx.lineTo(ax + ux * lead, ay + uy * lead);
    for (let k = 1; k <= coils * 2; k++) {
      const t = lead + (body * (k - 0.5)) / (coils * 2), side = k % 2 ? 1 : -1;
      ctx.lineTo(ax + ux * t + nx * amp * side, ay + uy * t + ny * amp * side);
    }
    ctx.lineTo(bx - ux * lead, by - uy * lead);
  }
  ctx.lineTo(bx, by); ctx.stroke();
}

function anchor(x, y, px) {
  ctx.save();
  ctx.strokeStyle = "#7ee0c3"; ctx.lineWidth = 1.6 * px;
  ctx.beginPath(); ctx.arc(x, y, 7 * px, 0, 2 * Math.PI); ctx.stroke();
  ctx.beginPath(); ctx.moveTo(x - 11 * px, y); ctx.lineTo(x + 11 * px, y); ctx.moveTo(x, y - 11 * px); ctx.lineTo(x, y + 11 * px); ctx.stroke();
  ctx.restore();
}

function dot(x, y, r, color) { ctx.fillStyle = color; ctx.beginPath(); ctx.arc(x, y, r, 0, 2 * Math.PI); ctx.fill(); }

function drawSnaps(list, items, px) {
  for (const s of list) {
    const [x, y] = s.to, it = items[s.item];
    if (it) {
      ctx.setLineDash([4 * px, 4 * px]); ctx.strokeStyle = "#f6c453"; ctx.lineWidth = 1.4 * px;
      ctx.beginPath(); ctx.moveTo(it.x, it.y); ctx.lineTo(x, y); ctx.stroke(); ctx.setLineDash([]);
    }
    ctx.save(); ctx.translate(x, y); ctx.rotate(Math.PI / 4);
    ctx.strokeStyle = "#f6c453"; ctx.lineWidth = 1.8 * px; ctx.strokeRect(-6 * px, -6 * px, 12 * px, 12 * px);
    ctx.restore();
    dot(x, y, 2 * px, "#f6c453");
  }
}

function drawFields(list, px) {
  const labelsAt = new Map();   // fields at one point stack their names
  for (const fl of list) {
    const key = fl.at.join(","), n = labelsAt.get(key) ?? 0;
    labelsAt.set(key, n + 1);
    const [x, y] = fl.at;
    ctx.save(); ctx.translate(x, y);
    ctx.strokeStyle = "rgba(181,140,255,.8)"; ctx.fillStyle = "rgba(181,140,255,.07)";
    ctx.lineWidth = 1.5 * px; ctx.setLineDash([6 * px, 5 * px]);
    if (n === 0 || fl.region.op !== "infinite") region(fl.region, false);
    ctx.setLineDash([]);
    ctx.fillStyle = "rgba(181,140,255,.95)";
    ctx.beginPath(); ctx.arc(0, 0, 3 * px, 0, 2 * Math.PI); ctx.fill();
    ctx.font = `600 ${10.5 * px}px Inter, system-ui, sans-serif`; ctx.textAlign = "left"; ctx.textBaseline = "top";
    ctx.fillText(fl.kind, 6 * px, (5 + 13 * n) * px);
    ctx.restore();
  }
}
function region(r, inverse) {
  switch (r.op) {
    case "rectangle": ctx.beginPath(); ctx.rect(-r.size[0] / 2, -r.size[1] / 2, r.size[0], r.size[1]); if (!inverse) ctx.fill(); ctx.stroke(); break;
    case "circle": ctx.beginPath(); ctx.arc(0, 0, r.radius, 0, 2 * Math.PI); if (!inverse) ctx.fill(); ctx.stroke(); break;
    case "inverse": region(r.a, !inverse); break;
    case "union": case "difference": case "intersection": region(r.a, inverse); region(r.b, r.op === "difference" ? !inverse : inverse); break;
  }
}

function drawEdges(edges, boundaries, px) {
  ctx.strokeStyle = "#ff9f6b"; ctx.lineWidth = 2.2 * px; ctx.lineCap = "round";
  for (const [x, y, w, h] of edges) { ctx.strokeRect(x, y, w, h); }
  for (const [x1, y1, x2, y2] of boundaries) { ctx.beginPath(); ctx.moveTo(x1, y1); ctx.lineTo(x2, y2); ctx.stroke(); }
}

function drawPointers(px) {
  const finger = (clientX, clientY, solid) => {
    const q = toScene(clientX, clientY);
    ctx.fillStyle = solid ? "rgba(255,255,255,.18)" : "rgba(255,255,255,.06)";
    ctx.strokeStyle = "rgba(255,255,255,.7)"; ctx.lineWidth = 1.5 * px;
    ctx.beginPath(); ctx.arc(q.x, q.y, 16 * px, 0, 2 * Math.PI); ctx.fill(); ctx.stroke();
    return q;
  };
  const pair = (p, c, solid) => {
    const a = finger(p.x, p.y, solid), m = mirrored(p, c), b = finger(m.x, m.y, solid), o = toScene(c.x, c.y);
    ctx.save(); ctx.setLineDash([4 * px, 4 * px]); ctx.strokeStyle = "rgba(255,255,255,.35)";
    ctx.beginPath(); ctx.moveTo(a.x, a.y); ctx.lineTo(b.x, b.y); ctx.stroke(); ctx.restore();
    ctx.fillStyle = "rgba(255,255,255,.7)"; ctx.beginPath(); ctx.arc(o.x, o.y, 2.5 * px, 0, 2 * Math.PI); ctx.fill();
  };
  for (const p of state.pointers.values()) {
    if (p.centre) pair(p, p.centre, true); else finger(p.x, p.y, true);
  }
  // Alt held over the screen, no button down: where the two fingers would land.
  const h = state.hover;
  if (h && h.alt && !state.pointers.size) { const c = mirrorCentre(h.x, h.y); if (c) pair(h, c, false); }
}

function roundRectPath(x, y, w, h, r) {
  r = Math.max(0, Math.min(r, w / 2, h / 2));
  ctx.moveTo(x + r, y); ctx.arcTo(x + w, y, x + w, y + h, r); ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r); ctx.arcTo(x, y, x + w, y, r); ctx.closePath();
}
function roundRect(x, y, w, h, r) { ctx.beginPath(); roundRectPath(x, y, w, h, r); }
function shade(hex, k) {
  const n = parseInt(hex.slice(1), 16), c = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  const out = c.map((v) => Math.round(k >= 0 ? v + (255 - v) * k : v * (1 + k)));
  return `rgb(${out[0]},${out[1]},${out[2]})`;
}

updatePlayIcon();
resize();
connect();
requestAnimationFrame(draw);
