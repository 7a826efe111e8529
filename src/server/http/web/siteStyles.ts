/**
 * The pages' one stylesheet, served at `/assets/teahouse.css` (the CSP admits styles from this server
 * only). Light and dark follow `prefers-color-scheme`; `.hl-*` colour the highlighter's tokens.
 */
export const siteStyles = `
:root {
  color-scheme: light dark;
  --bg: #ffffff; --bg-soft: #f6f8fa; --fg: #1f2328; --fg-soft: #59636e; --border: #d1d9e0;
  --accent: #0969da; --ok: #1a7f37; --bad: #cf222e; --merged: #8250df; --warn: #9a6700;
  --add-bg: #dafbe1; --del-bg: #ffebe9; --hunk-bg: #ddf4ff;
  --hl-keyword: #cf222e; --hl-string: #0a3069; --hl-comment: #59636e; --hl-number: #0550ae;
  --hl-title: #8250df; --hl-type: #953800; --hl-attr: #0550ae; --hl-meta: #116329;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; font-size: 15px; line-height: 1.5;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0d1117; --bg-soft: #151b23; --fg: #e6edf3; --fg-soft: #9198a1; --border: #3d444d;
    --accent: #4493f8; --ok: #3fb950; --bad: #f85149; --merged: #ab7df8; --warn: #d29922;
    --add-bg: #12261e; --del-bg: #25171c; --hunk-bg: #121d2f;
    --hl-keyword: #ff7b72; --hl-string: #a5d6ff; --hl-comment: #9198a1; --hl-number: #79c0ff;
    --hl-title: #d2a8ff; --hl-type: #ffa657; --hl-attr: #79c0ff; --hl-meta: #7ee787;
  }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); }
a { color: var(--accent); text-decoration: none; }
a:hover { text-decoration: underline; }
code, pre, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px; }
.site-header { display: flex; gap: 16px; align-items: center; padding: 10px 24px; background: var(--bg-soft);
  border-bottom: 1px solid var(--border); flex-wrap: wrap; }
.site-header .brand { font-weight: 600; color: var(--fg); }
.site-header form { display: flex; gap: 6px; margin: 0; }
.site-header .spacer { flex: 1; }
main { max-width: 1180px; margin: 0 auto; padding: 20px 24px 48px; }
footer { max-width: 1180px; margin: 0 auto; padding: 16px 24px; color: var(--fg-soft); font-size: 13px;
  border-top: 1px solid var(--border); }
h1 { font-size: 24px; font-weight: 600; margin: 0 0 12px; }
h2 { font-size: 18px; font-weight: 600; margin: 24px 0 8px; }
input, select, button, textarea { font: inherit; color: inherit; background: var(--bg);
  border: 1px solid var(--border); border-radius: 6px; padding: 4px 10px; }
button, .button { cursor: pointer; background: var(--bg-soft); display: inline-block; color: var(--fg);
  border: 1px solid var(--border); border-radius: 6px; padding: 4px 12px; }
button.primary { background: var(--ok); color: #fff; border-color: transparent; }
.muted { color: var(--fg-soft); }
.small { font-size: 13px; }
.row { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
.spread { display: flex; justify-content: space-between; align-items: center; gap: 12px; flex-wrap: wrap; }
.box { border: 1px solid var(--border); border-radius: 6px; margin: 0 0 16px; overflow: hidden; }
.box > .box-header { background: var(--bg-soft); padding: 8px 14px; border-bottom: 1px solid var(--border); }
.box > .box-body { padding: 14px; }
.list { list-style: none; margin: 0; padding: 0; }
.list > li { padding: 10px 14px; border-top: 1px solid var(--border); }
.list > li:first-child { border-top: 0; }
.avatar { width: 20px; height: 20px; border-radius: 50%; vertical-align: middle; }
.avatar.large { width: 96px; height: 96px; border-radius: 12px; }
.label { display: inline-block; padding: 0 8px; border-radius: 10px; font-size: 12px; font-weight: 600;
  line-height: 20px; border: 1px solid var(--border); }
.state { display: inline-block; padding: 2px 10px; border-radius: 12px; color: #fff; font-size: 13px; }
.state.open { background: var(--ok); } .state.closed { background: var(--bad); }
.state.merged { background: var(--merged); } .state.draft { background: var(--fg-soft); }
.tabs { display: flex; gap: 4px; border-bottom: 1px solid var(--border); margin: 0 0 16px; flex-wrap: wrap; }
.tabs a { padding: 8px 12px; color: var(--fg); border-bottom: 2px solid transparent; }
.tabs a.active { border-bottom-color: var(--bad); font-weight: 600; }
.pager { display: flex; gap: 8px; justify-content: center; margin: 16px 0; }
table.files { width: 100%; border-collapse: collapse; }
table.files td { padding: 6px 14px; border-top: 1px solid var(--border); }
table.code { border-collapse: collapse; width: 100%; }
table.code td { padding: 0 10px; white-space: pre; vertical-align: top; }
table.code td.num { text-align: right; color: var(--fg-soft); user-select: none; width: 1%; }
table.code tr.add td.line { background: var(--add-bg); } table.code tr.del td.line { background: var(--del-bg); }
table.code tr.hunk td { background: var(--hunk-bg); color: var(--fg-soft); }
.code-scroll { overflow-x: auto; }
.markdown { overflow-wrap: anywhere; }
.markdown pre { background: var(--bg-soft); padding: 12px; border-radius: 6px; overflow: auto; }
.markdown img { max-width: 100%; }
.markdown table { border-collapse: collapse; } .markdown td, .markdown th { border: 1px solid var(--border); padding: 4px 8px; }
.comment { border: 1px solid var(--border); border-radius: 6px; margin: 0 0 16px; }
.comment > header { background: var(--bg-soft); padding: 8px 14px; border-bottom: 1px solid var(--border); }
.comment > .markdown { padding: 12px 14px; }
.event { color: var(--fg-soft); font-size: 13px; margin: 0 0 16px 14px; }
.layout-sidebar { display: grid; grid-template-columns: minmax(0, 1fr) 260px; gap: 24px; }
@media (max-width: 800px) { .layout-sidebar { grid-template-columns: 1fr; } }
.sidebar section { border-bottom: 1px solid var(--border); padding: 0 0 12px; margin: 0 0 12px; }
.sidebar h3 { font-size: 13px; color: var(--fg-soft); margin: 0 0 6px; }
.notice { padding: 10px 14px; border: 1px solid var(--border); border-radius: 6px; background: var(--bg-soft); }
.notice.error { border-color: var(--bad); }
details.ref-switcher { position: relative; margin: 0 0 12px; }
details.ref-switcher > summary { list-style: none; }
.ref-menu { position: absolute; z-index: 10; background: var(--bg); min-width: 260px; max-height: 420px; overflow: auto; }
.ref-menu a.active { font-weight: 600; }
.breadcrumbs { margin: 0 0 12px; }
.diff-add { color: var(--ok); } .diff-del { color: var(--bad); }
.clone-urls { margin: 0 0 12px; } .clone-urls code { user-select: all; }
pre.commit-message { white-space: pre-wrap; margin: 0 0 8px; }
table.code td.num a { color: inherit; }
table.code td { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px; }
svg.icon { vertical-align: text-bottom; fill: var(--fg-soft); margin-right: 4px; }
img.inline-file { max-width: 100%; background: repeating-conic-gradient(#8882 0 25%, transparent 0 50%) 0 0 / 16px 16px; }
.filters { display: grid; gap: 8px; margin: 0 0 12px; }
a.label-filter { opacity: 0.75; } a.label-filter.selected { opacity: 1; }
a.label-filter.selected .label { border-color: var(--accent); }
.list.compact > li { padding: 2px 0; border-top: 0; }
.conversation-header h1 { margin-bottom: 4px; }
.reactions { margin: -8px 0 16px; }
.pull-summary { margin: 0 0 16px; } .pull-summary p { margin: 4px 0; }
.pull-summary .mergeable { color: var(--ok); } .pull-summary .conflict { color: var(--warn); }
.review .state { font-size: 12px; padding: 0 8px; }
progress { width: 120px; accent-color: var(--ok); }
.hl-keyword, .hl-built_in, .hl-selector-tag, .hl-literal { color: var(--hl-keyword); }
.hl-string, .hl-regexp, .hl-addition { color: var(--hl-string); }
.hl-comment, .hl-quote { color: var(--hl-comment); font-style: italic; }
.hl-number, .hl-symbol, .hl-variable, .hl-template-variable { color: var(--hl-number); }
.hl-title, .hl-section, .hl-name { color: var(--hl-title); }
.hl-type, .hl-params, .hl-class { color: var(--hl-type); }
.hl-attr, .hl-attribute, .hl-property { color: var(--hl-attr); }
.hl-meta, .hl-tag, .hl-selector-class, .hl-selector-id { color: var(--hl-meta); }
.hl-deletion { color: var(--bad); }
`;
