/// The HTML report's CSS: inline in the page, no web fonts, readable printed too.
enum ReportStylesheet {
    static let css = """
        :root { --ink: #202124; --muted: #5f6368; --line: #e3e5e8; --card: #ffffff; --page: #f4f5f7; --best: #e3f4e8; }
        * { box-sizing: border-box; }
        body { margin: 0; background: var(--page); color: var(--ink);
          font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; }
        header.page { background: #1f2a44; color: #fff; padding: 22px 32px 18px; }
        header.page h1 { margin: 0 0 4px; font-size: 24px; font-weight: 650; }
        header.page p { margin: 2px 0; color: #c9d1e3; }
        header.page code { background: rgba(255,255,255,.14); color: #fff; }
        header.page nav a { color: #fff; margin-right: 14px; font-weight: 600; }
        main { max-width: 1240px; margin: 0 auto; padding: 20px 24px 48px; }
        section.dataset { background: var(--card); border-radius: 10px; padding: 20px 24px 24px; margin: 0 0 28px;
          box-shadow: 0 1px 3px rgba(0,0,0,.08), 0 1px 2px rgba(0,0,0,.04); }
        section.dataset > h2 { margin: 0 0 12px; font-size: 21px; }
        section.dataset > h2 small { color: var(--muted); font-weight: 400; font-size: 15px; margin-left: 8px; }
        h3 { font-size: 16px; margin: 26px 0 10px; padding-bottom: 4px; border-bottom: 1px solid var(--line); }
        h4 { font-size: 14px; margin: 0 0 4px; }
        .warning { background: #fff4e5; border-left: 4px solid #f29900; padding: 8px 12px; margin: 8px 0; }
        .finding { background: #eef4fb; border-left: 4px solid #4e79a7; padding: 8px 12px; margin: 8px 0; }
        .note { color: var(--muted); }
        .table-wrap { overflow-x: auto; }
        table { border-collapse: collapse; font-variant-numeric: tabular-nums; margin: 6px 0 10px; }
        th, td { padding: 5px 10px; border-bottom: 1px solid var(--line); text-align: left; white-space: nowrap; }
        th { font-weight: 600; color: var(--muted); font-size: 12.5px; background: #fafbfc; }
        td.num, th.num { text-align: right; }
        td.best { background: var(--best); font-weight: 700; }
        tbody tr:hover td { background: #f6f8fb; }
        tbody tr:hover td.best { background: #d2ecd9; }
        code { font: 12.5px ui-monospace, "DejaVu Sans Mono", monospace; background: #f1f3f4; padding: 1px 4px; border-radius: 3px; }
        .charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(520px, 1fr)); gap: 18px; margin-top: 8px; align-items: start; }
        figure.chart-card { margin: 0; border: 1px solid var(--line); border-radius: 8px; padding: 12px 14px 10px; }
        figure.chart-card figcaption p { margin: 0 0 6px; color: var(--muted); font-size: 12.5px; }
        svg.chart { width: 100%; height: auto; display: block; }
        svg.chart .grid { stroke: #eceef1; stroke-width: 1; }
        svg.chart .frame { fill: none; stroke: #c4c8ce; stroke-width: 1; }
        svg.chart text { font-family: inherit; }
        svg.chart .axis { font-size: 11px; fill: var(--muted); }
        svg.chart .axis-title { font-size: 12px; fill: var(--ink); font-weight: 600; }
        svg.chart .label { font-size: 11.5px; fill: var(--ink); }
        svg.chart .note { font-size: 11px; fill: var(--muted); }
        ul.legend { list-style: none; padding: 0; margin: 6px 0 0; font-size: 12.5px; display: flex; flex-wrap: wrap; gap: 4px 16px; }
        ul.legend li { display: flex; align-items: center; gap: 6px; }
        ul.legend .box { display: inline-block; width: 18px; height: 12px; }
        .swatch { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 6px; }
        .gallery-row { margin: 14px 0 4px; }
        .thumbs { display: grid; grid-template-columns: repeat(auto-fill, minmax(250px, 1fr)); gap: 12px; }
        figure.thumb { margin: 0; position: relative; }
        figure.thumb img { display: block; width: 100%; height: auto; border-radius: 4px; border: 1px solid var(--line); cursor: zoom-in; }
        figure.thumb figcaption { font-size: 12px; color: var(--muted); margin-top: 3px; overflow-wrap: anywhere; }
        figure.thumb .close, figure.thumb .full-only { display: none; }
        figure.thumb:target { position: fixed; inset: 0; z-index: 10; background: rgba(16,19,26,.94); padding: 28px 24px 16px;
          display: flex; flex-direction: column; align-items: center; justify-content: center; }
        figure.thumb:target img { width: auto; height: calc(100vh - 90px); max-width: 100%; object-fit: contain; cursor: default; border: 0; }
        figure.thumb:target figcaption { color: #e8eaed; font-size: 14px; text-align: center; }
        figure.thumb:target .full-only { display: inline; }
        figure.thumb:target .close { display: block; position: absolute; top: 6px; right: 18px; color: #fff; font-size: 30px; text-decoration: none; }
        header.page table.runs { border-collapse: collapse; margin: 10px 0 4px; font-size: 13px; }
        header.page table.runs th, header.page table.runs td { color: #e8ecf5; background: none; border-bottom: 1px solid rgba(255,255,255,.18); white-space: normal; vertical-align: top; }
        header.page table.runs th { color: #c9d1e3; }
        header.page table.runs code.spec { display: inline-block; margin: 1px 0; }
        td.change { color: var(--muted); font-size: 12.5px; }
        td.change .worse { color: #b3261e; font-weight: 600; }
        td.change .better { color: #1e7b34; font-weight: 600; }
        tbody tr.group-start td { border-top: 2px solid #c4c8ce; }
        .identical { color: var(--muted); font-size: 12.5px; margin: 4px 0 0; }
        @media print {
          body { background: #fff; }
          header.page { background: #fff; color: var(--ink); border-bottom: 2px solid var(--ink); padding: 0 0 10px; }
          header.page p, header.page table.runs th, header.page table.runs td { color: var(--ink); }
          header.page code { background: #f1f3f4; color: var(--ink); }
          header.page table.runs th, header.page table.runs td { border-bottom: 1px solid var(--line); }
          section.dataset { box-shadow: none; break-inside: auto; padding: 0; border-radius: 0; }
          details { display: block; }
          figure.thumb:target { position: static; background: none; padding: 0; }
          figure.thumb .close { display: none !important; }
          /* Paper cannot scroll: wide tables wrap their cells and shrink instead of losing columns. */
          main { max-width: none; padding: 0; }
          .table-wrap { overflow-x: visible; }
          table, th, td.change { font-size: 10px; }
          th, td { padding: 3px 4px; white-space: normal; }
          .charts { grid-template-columns: 1fr; }
          .thumbs { grid-template-columns: repeat(3, 1fr); }
          figure.chart-card, figure.thumb, tr { break-inside: avoid; }
          h2, h3, h4 { break-after: avoid; }
        }
        figure.thumb.missing { width: 240px; padding: 12px; border: 1px dashed var(--line); }
        details { margin-top: 18px; }
        details summary { cursor: pointer; color: var(--muted); font-weight: 600; }
        details ul { margin: 6px 0; padding-left: 20px; color: var(--muted); font-size: 13px; }
        footer { color: var(--muted); text-align: center; font-size: 12px; padding-bottom: 24px; }
        """
}
