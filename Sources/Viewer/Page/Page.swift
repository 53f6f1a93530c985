/// The page `animhost view` serves at `/`: one HTML document with its style and script
/// inline, so nothing is fetched from anywhere else.
enum Page {
    static let html = """
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>animhost view</title>
    <style>
    \(style)
    </style>
    </head>
    <body>
    \(body)
    <script>
    \(script)
    </script>
    </body>
    </html>

    """

    static let body = """
    <header class="bar">
      <div class="brand"><span class="logo"></span><span class="name">animhost</span><span class="script" id="script">…</span></div>
      <div class="transport">
        <button id="reset" class="icon" title="Start over (R)"><svg viewBox="0 0 20 20"><path d="M4 10a6 6 0 1 0 2-4.5M4 3v4h4" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"/></svg></button>
        <button id="play" class="icon primary" title="Play / pause (Space)"><svg viewBox="0 0 20 20" id="playIcon"></svg></button>
        <button id="step" class="icon" title="Step one frame (.)"><svg viewBox="0 0 20 20"><path d="M6 4l7 6-7 6z" fill="currentColor"/><rect x="14" y="4" width="2.2" height="12" rx="1" fill="currentColor"/></svg></button>
        <div class="clock"><span id="time">0.000</span><span class="unit">s</span></div>
        <div class="segmented" id="speed">
          <button data-speed="1" class="on">1×</button><button data-speed="0.5">½×</button><button data-speed="0.25">¼×</button><button data-speed="0.1">⅒×</button>
        </div>
      </div>
      <div class="toggles">
        <label class="toggle"><input type="checkbox" id="trails" checked><span></span>Trails</label>
        <label class="toggle"><input type="checkbox" id="arrows"><span></span>Velocity</label>
        <span class="status" id="status"><i></i><b>connecting</b></span>
      </div>
    </header>
    <main>
      <section class="stage" id="stageBox">
        <canvas id="canvas"></canvas>
        <div class="banner" id="banner" hidden><div class="banner-title">Script error</div><pre id="bannerText"></pre><div class="banner-note">The previous version keeps running. Save the script to reload.</div></div>
        <div class="toast" id="toast" hidden></div>
        <div class="scrub">
          <input type="range" id="scrub" min="0" max="1" step="0.001" value="0">
          <div class="scrub-labels"><span>0 s</span><span id="scrubEnd">1 s</span></div>
        </div>
      </section>
      <aside>
        <div class="card">
          <h2>Tunables</h2>
          <div id="tunables"><p class="muted">This scene declares no <code>animhost.tunable</code>.</p></div>
        </div>
        <div class="card">
          <h2>Motion <select id="plotItem"></select></h2>
          <div class="plot"><img id="plot" alt="x, y and speed over time"></div>
        </div>
        <div class="card" id="compareCard" hidden>
          <h2>Last change <span class="muted" id="compareTitle"></span></h2>
          <div class="compare-scroll"><table id="compare"></table></div>
        </div>
        <div class="card downloads">
          <h2>Downloads</h2>
          <a href="/input.csv" download="input.csv">input.csv<small>your touches, for <code>run --input</code></small></a>
          <a href="/frames.csv" download="frames.csv">frames.csv<small>every frame so far</small></a>
          <a id="plotLink" href="/plot.svg" download="plot.svg">plot.svg<small>the motion plot</small></a>
          <a href="/scene.json" download="scene.json">scene.json<small>items, bounds, tunables</small></a>
        </div>
      </aside>
    </main>
    """
}
