import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { statusOfError } from '../../src/server/http/errorStatus';
import { MarkdownRenderPool, RenderTimeoutError } from '../../src/server/services/markdown/renderPool';
import type { RenderOptions } from '../../src/server/services/markdown/renderMarkdown';

const options: RenderOptions = { mode: 'markdown', rootUrl: 'http://localhost:3000/' };
/** marked's super-linear case (markedjs/marked#4099). */
const pathological = '_a'.repeat(30_000);

const isStatus = (status: number) => (error: unknown) => statusOfError(error) === status;

test('renders on a worker as renderMarkdown does', async () => {
  const pool = new MarkdownRenderPool({ timeoutMs: 5_000 });
  try {
    assert.equal(await pool.render('**hi** <script>x</script>', options), '<p><strong>hi</strong> </p>\n');
    assert.equal(await pool.render('', options), '');
  } finally {
    await pool.close();
  }
});

test('a render past the time limit answers the escaped text and tells onError why', async () => {
  // a limit a fresh worker's first render meets even on a loaded machine, and a text that takes far longer
  const pool = new MarkdownRenderPool({ timeoutMs: 1_000 });
  const slower = pathological.repeat(2);
  const failures: unknown[] = [];
  try {
    const html = await pool.render(`<i>${slower}`, { ...options, onError: (e) => failures.push(e) });
    assert.equal(html, `&lt;i&gt;${slower}`);
    assert.equal(failures.length, 1);
    assert.ok(failures[0] instanceof RenderTimeoutError);
    assert.equal(await pool.render('*again*', options), '<p><em>again</em></p>\n');
  } finally {
    await pool.close();
  }
});

test('a full queue answers 503, and closing answers 503 to the renders still waiting', async () => {
  const pool = new MarkdownRenderPool({ timeoutMs: 10_000, queueLimit: 1 });
  const running = pool.render(pathological, options);
  const waiting = pool.render('*queued*', options);
  await assert.rejects(pool.render('*one too many*', options), isStatus(503));
  const stopped = [assert.rejects(running, isStatus(503)), assert.rejects(waiting, isStatus(503))];
  await pool.close();
  await Promise.all(stopped);
  await assert.rejects(pool.render('*closed*', options), isStatus(503));
});

test('a worker that dies answers the escaped text, and the next render gets a new worker', async (t) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'teahouse-render-pool-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const workerFile = path.join(dir, 'worker.js');
  writeFileSync(
    workerFile,
    `const { parentPort } = require('node:worker_threads');
parentPort.on('message', ({ text }) => {
  if (text === 'crash') process.exit(3);
  parentPort.postMessage({ kind: 'rendered', html: 'rendered ' + text });
});
parentPort.postMessage({ kind: 'ready' });
`,
  );
  const pool = new MarkdownRenderPool({ timeoutMs: 5_000, workerFile });
  const failures: unknown[] = [];
  try {
    assert.equal(await pool.render('crash', { ...options, onError: (e) => failures.push(e) }), 'crash');
    assert.match(String(failures[0]), /exited with code 3/);
    assert.equal(await pool.render('fine', options), 'rendered fine');
  } finally {
    await pool.close();
  }
});
