extension Page {
    static let style = """
    :root {
      --bg: #0e1014; --panel: #161a21; --panel2: #1c212a; --line: #262c37; --text: #e8ecf3;
      --muted: #8a93a4; --accent: #7c9cff; --accent2: #a5b8ff; --good: #3ddc97; --bad: #ff6b6b;
      color-scheme: dark;
    }
    * { box-sizing: border-box; }
    html, body { height: 100%; margin: 0; }
    body { background: var(--bg); color: var(--text); font: 13px/1.4 Inter, system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif;
           display: flex; flex-direction: column; overflow: hidden; }
    code { font: 12px ui-monospace, "SF Mono", Menlo, Consolas, monospace; color: var(--accent2); }
    .muted { color: var(--muted); }
    .bar { display: flex; align-items: center; justify-content: space-between; gap: 16px; padding: 10px 16px;
           border-bottom: 1px solid var(--line); background: linear-gradient(#151920, #12151b); }
    .brand { display: flex; align-items: center; gap: 10px; min-width: 0; }
    .logo { width: 18px; height: 18px; border-radius: 6px; background: conic-gradient(from 200deg, #7c9cff, #b58cff, #ff8ab3, #ffb547, #7c9cff); box-shadow: 0 0 12px #7c9cff55; }
    .name { font-weight: 650; letter-spacing: .2px; }
    .script { color: var(--muted); font: 12px ui-monospace, Menlo, monospace; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
    .transport { display: flex; align-items: center; gap: 8px; }
    button { font: inherit; color: var(--text); background: var(--panel2); border: 1px solid var(--line); border-radius: 8px; cursor: pointer; }
    button:hover { border-color: #38404e; background: #222834; }
    .icon { width: 34px; height: 32px; display: grid; place-items: center; padding: 0; }
    .icon svg { width: 18px; height: 18px; }
    .icon.primary { width: 40px; background: var(--accent); border-color: var(--accent); color: #0d1020; }
    .icon.primary:hover { background: var(--accent2); }
    .clock { min-width: 96px; text-align: right; font: 600 20px ui-monospace, "SF Mono", Menlo, monospace; font-variant-numeric: tabular-nums; padding: 0 4px 0 8px; }
    .clock .unit { font-size: 12px; color: var(--muted); margin-left: 3px; }
    .segmented { display: flex; background: var(--panel2); border: 1px solid var(--line); border-radius: 9px; padding: 2px; }
    .segmented button { border: 0; background: transparent; padding: 5px 9px; border-radius: 7px; color: var(--muted); }
    .segmented button.on { background: #2c3442; color: var(--text); }
    .toggles { display: flex; align-items: center; gap: 14px; }
    .toggle { display: flex; align-items: center; gap: 7px; color: var(--muted); cursor: pointer; user-select: none; }
    .toggle input { display: none; }
    .toggle span { width: 28px; height: 16px; border-radius: 9px; background: #2a303b; position: relative; transition: background .15s; }
    .toggle span::after { content: ""; position: absolute; left: 2px; top: 2px; width: 12px; height: 12px; border-radius: 50%; background: #8a93a4; transition: transform .15s, background .15s; }
    .toggle input:checked + span { background: #3b4a7a; }
    .toggle input:checked + span::after { transform: translateX(12px); background: var(--accent2); }
    .status { display: flex; align-items: center; gap: 6px; color: var(--muted); font-size: 12px; }
    .status i { width: 8px; height: 8px; border-radius: 50%; background: #59616f; }
    .status.live i { background: var(--good); box-shadow: 0 0 8px var(--good); }
    .status.paused i { background: #ffb547; }
    .status.error i { background: var(--bad); box-shadow: 0 0 8px var(--bad); }
    main { flex: 1; display: flex; min-height: 0; }
    .stage { flex: 1; position: relative; min-width: 0; display: flex; flex-direction: column;
             background: radial-gradient(1200px 700px at 50% 40%, #151922, #0b0d11); }
    canvas { flex: 1; width: 100%; min-height: 0; display: block; touch-action: none; cursor: grab; }
    canvas.dragging { cursor: grabbing; }
    .scrub { padding: 8px 20px 14px; }
    .scrub input { width: 100%; accent-color: var(--accent); }
    .scrub-labels { display: flex; justify-content: space-between; color: var(--muted); font-size: 11px; font-variant-numeric: tabular-nums; }
    .banner { position: absolute; left: 20px; right: 20px; top: 16px; background: #2a1417ee; border: 1px solid #6b2a31; border-radius: 12px; padding: 12px 14px; box-shadow: 0 12px 32px #0008; }
    .banner-title { color: var(--bad); font-weight: 650; margin-bottom: 4px; }
    .banner pre { margin: 0; white-space: pre-wrap; font: 12.5px/1.45 ui-monospace, Menlo, monospace; color: #ffd9dc; }
    .banner-note { color: #c99; font-size: 12px; margin-top: 6px; }
    .toast { position: absolute; left: 50%; top: 16px; transform: translateX(-50%); background: #16261fee; border: 1px solid #245c45; color: #bff3dc; border-radius: 10px; padding: 8px 12px; font-size: 12.5px; box-shadow: 0 10px 26px #0007; max-width: 80%; }
    .toast.bad { background: #2a1417ee; border-color: #6b2a31; color: #ffd9dc; }
    aside { width: 360px; flex: none; overflow-y: auto; border-left: 1px solid var(--line); background: #12151b; padding: 12px; display: flex; flex-direction: column; gap: 12px; }
    .card { background: var(--panel); border: 1px solid var(--line); border-radius: 12px; padding: 12px 14px; }
    .card h2 { margin: 0 0 10px; font-size: 11.5px; letter-spacing: .8px; text-transform: uppercase; color: var(--muted); font-weight: 650; display: flex; align-items: center; justify-content: space-between; gap: 8px; }
    .card h2 .muted { text-transform: none; letter-spacing: 0; font-weight: 500; }
    .tunable { display: grid; grid-template-columns: 1fr auto; gap: 2px 10px; margin: 4px 0 12px; }
    .tunable label { font-weight: 550; }
    .tunable output { font: 12.5px ui-monospace, Menlo, monospace; color: var(--accent2); font-variant-numeric: tabular-nums; }
    .tunable input { grid-column: 1 / 3; width: 100%; accent-color: var(--accent); }
    .tunable.switch input { grid-column: auto; width: auto; margin: 0 6px 0 0; vertical-align: -2px; }
    .tunable .range { grid-column: 1 / 3; display: flex; justify-content: space-between; font-size: 10.5px; color: var(--muted); }
    .tunable .range .scale { font-style: italic; opacity: .8; }
    /* The last change stays a glance: long comparisons scroll inside it, below the motion plot. */
    .compare-scroll { max-height: 180px; overflow-y: auto; }
    table { width: 100%; border-collapse: collapse; font-size: 12px; font-variant-numeric: tabular-nums; }
    td, th { padding: 4px 4px; border-bottom: 1px solid var(--line); text-align: right; white-space: nowrap; }
    td:first-child, th:first-child { text-align: left; color: var(--muted); white-space: normal; }
    th { color: var(--text); font-weight: 600; }
    td.after { color: var(--good); }
    td.note { color: var(--muted); font-size: 11px; white-space: normal; text-align: left; border-bottom: 0; padding-top: 8px; }
    select { font: inherit; color: var(--text); background: var(--panel2); border: 1px solid var(--line); border-radius: 7px; padding: 3px 6px; text-transform: none; letter-spacing: 0; }
    .plot img { width: 100%; display: block; border-radius: 10px; min-height: 120px; }
    .downloads a { display: flex; justify-content: space-between; align-items: baseline; gap: 10px; padding: 7px 0; color: var(--text); text-decoration: none; border-bottom: 1px solid var(--line); font-weight: 550; }
    .downloads a:last-child { border-bottom: 0; }
    .downloads a:hover { color: var(--accent2); }
    .downloads small { color: var(--muted); font-weight: 400; font-size: 11.5px; text-align: right; }
    """
}
