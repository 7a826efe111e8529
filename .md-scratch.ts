import { renderMarkdown } from './src/server/services/markdown/renderMarkdown';
const root = 'http://h:3000/';
const repo = { owner: 'a', repo: 'b' };
const n = 100_000;
const cases: Record<string, string> = {
  hashAt: '#@'.repeat(n / 2),
  hashes: '#'.repeat(n),
  ats: '@'.repeat(n),
  spacedHash: ' #'.repeat(n / 2),
  spacedAt: ' @a'.repeat(n / 3),
  digits: ' #' + '1'.repeat(n),
  hex: ' ' + 'a'.repeat(n),
  hexRuns: ' abcdef1'.repeat(n / 8),
  crossRuns: ' a/b'.repeat(n / 4),
  cross2: ' ' + 'a'.repeat(n / 2) + '/' + 'b'.repeat(n / 2),
  wikiOpen: '[['.repeat(n / 2),
  wikiOpenText: '[[ab '.repeat(n / 5),
  quotes: '>'.repeat(n),
  divs: '<div>'.repeat(n / 5),
  stars: '*'.repeat(n),
  underscores: '_a'.repeat(n / 2),
  backticks: '`'.repeat(n),
  brackets: '['.repeat(n),
  imgs: '![]('.repeat(n / 4),
  lists: '- '.repeat(n / 2),
  nestedLists: Array.from({ length: 2000 }, (_, i) => ' '.repeat(i * 2) + '- x').join('\n'),
  links: '<a '.repeat(n / 3),
  tableish: '|'.repeat(n),
  mentionDots: ' @' + 'a.'.repeat(n / 2),
};
for (const [name, text] of Object.entries(cases)) {
  const start = performance.now();
  let len = 0;
  for (const mode of ['gfm', 'markdown'] as const) len += renderMarkdown(text, { mode, rootUrl: root, repo, wiki: true, onError: (e) => console.log(name, 'ERR', String(e).slice(0, 80)) }).length;
  console.log(name.padEnd(14), (performance.now() - start).toFixed(0).padStart(6), 'ms', len);
}
