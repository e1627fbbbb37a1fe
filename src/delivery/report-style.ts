// The delivery report's one stylesheet: system fonts only, readable on screen, clean on A4 and Letter paper.

/** The CSS of report.html (inlined in its `<style>`; the page loads nothing). */
export const REPORT_CSS = `
:root { color-scheme: light; --ink: #1b1f24; --muted: #57606a; --line: #d0d7de; --pass: #116329; --fail: #b3120f; --band: #dff3e4; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0 auto; padding: 24px; max-width: 980px; color: var(--ink); background: #fff;
  font: 13px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 16px; margin: 24px 0 8px; padding-bottom: 4px; border-bottom: 1px solid var(--line); break-after: avoid; }
h3 { font-size: 14px; margin: 0 0 6px; overflow-wrap: anywhere; }
p { margin: 4px 0; }
.sub { color: var(--muted); margin: 0 0 12px; overflow-wrap: anywhere; }
dl.meta { display: grid; grid-template-columns: max-content 1fr max-content 1fr; gap: 2px 12px; margin: 0; }
dl.meta dt { color: var(--muted); }
dl.meta dd { margin: 0; overflow-wrap: anywhere; }
table { width: 100%; border-collapse: collapse; table-layout: fixed; margin: 4px 0 8px; }
th, td { text-align: left; vertical-align: top; padding: 4px 6px; border-bottom: 1px solid var(--line); overflow-wrap: anywhere; }
th { color: var(--muted); font-weight: 600; font-size: 12px; }
tr, figure, .file, .notice, dl.meta, li { break-inside: avoid; page-break-inside: avoid; }
thead { display: table-header-group; }
.num { font-variant-numeric: tabular-nums; white-space: nowrap; }
.pass { color: var(--pass); font-weight: 600; }
.fail { color: var(--fail); font-weight: 600; }
tr.failed td { background: #fff0ef; }
.notice { border: 2px solid var(--fail); color: var(--fail); padding: 6px 10px; margin: 6px 0; font-weight: 600; }
.file { border: 1px solid var(--line); border-radius: 6px; padding: 10px 12px; margin: 0 0 12px; }
.file.failed { border-color: var(--fail); }
.figures { display: grid; grid-template-columns: repeat(5, 1fr); gap: 2px 12px; margin: 6px 0; font-size: 12px; }
.figures div span { color: var(--muted); display: block; }
.hash { font: 11px/1.3 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; overflow-wrap: anywhere; }
code { overflow-wrap: anywhere; }
figure { margin: 6px 0 0; }
figcaption { color: var(--muted); font-size: 12px; }
svg.chart { width: 100%; height: auto; display: block; }
svg.chart .band { fill: var(--band); }
svg.chart .grid { stroke: #eaeef2; stroke-width: 1; }
svg.chart .target { stroke: var(--pass); stroke-width: 1.2; stroke-dasharray: 6 4; }
svg.chart .curve { fill: none; stroke: #0550ae; stroke-width: 1.8; stroke-linejoin: round; }
svg.chart .tick { fill: var(--muted); font: 10px system-ui, sans-serif; }
.script p { white-space: pre-wrap; overflow-wrap: anywhere; }
.script b { display: block; color: var(--muted); font-size: 12px; }
ul.assets { padding-left: 18px; margin: 4px 0; }
footer { margin-top: 24px; color: var(--muted); font-size: 12px; }
table.rows col.n { width: 4em; }
@media (max-width: 600px) {
  body { padding: 12px; }
  dl.meta { grid-template-columns: max-content 1fr; }
  .figures { grid-template-columns: repeat(2, 1fr); }
  table.rows col.n { width: 3.2em; }
  /* A file's seven columns as a card: each figure under its label, none past the screen. */
  table.summary, table.summary tbody, table.summary tr, table.summary td { display: block; width: auto; }
  table.summary thead, table.summary colgroup { display: none; }
  table.summary tr { padding: 6px 0; border-bottom: 1px solid var(--line); }
  table.summary td { padding: 1px 0; border: 0; }
  table.summary td:first-child { font-weight: 600; }
  table.summary td[data-label]::before { content: attr(data-label) ": "; color: var(--muted); }
  th, td { padding: 4px 3px; }
  .num { white-space: normal; }
}
@page { margin: 14mm 12mm; }
@media print {
  body { padding: 0; max-width: none; font-size: 10.5px; }
  h2 { margin-top: 16px; }
  .file { padding: 8px 10px; }
}
`;
