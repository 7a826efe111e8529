// The suite's entry inside VS Code's extension host, in @vscode/test-electron's shape: `run()` resolves
// when every test passed. It also writes the counts to $TEAHOUSE_VSCODE_RESULTS for the harness.
import { writeFileSync } from 'node:fs';
import Mocha from 'mocha';
import { suites } from './suites';

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'tdd', color: false, timeout: 60_000, reporter: 'spec' });
  const grep = process.env['TEAHOUSE_VSCODE_GREP'];
  if (grep) mocha.grep(grep);
  // the suites are functions (a bundle evaluates its modules before mocha's globals exist)
  mocha.suite.emit('pre-require', globalThis, 'teahouse-vscode-suite', mocha);
  for (const define of suites) define();
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      const stats = runner.stats;
      const results = {
        passed: stats?.passes ?? 0,
        failed: stats?.failures ?? failures,
        skipped: stats?.pending ?? 0,
      };
      const file = process.env['TEAHOUSE_VSCODE_RESULTS'];
      if (file) writeFileSync(file, JSON.stringify(results));
      if (failures > 0) reject(new Error(`${failures} test(s) failed`));
      else resolve();
    });
  });
}
