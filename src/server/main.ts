import './quietSqliteWarning';
import { exitCodes } from './commands/cliCommand';
import { runtimeProblem } from './runtimeCheck';

// The bundle's entry (dist/cli.js): the CLI, and with it node:sqlite, loads only on a runtime that has it.
const problem = runtimeProblem();
if (problem === undefined) {
  void import('./cli');
} else {
  process.stderr.write(`teahouse: ${problem}\n`);
  process.exitCode = exitCodes.runtime;
}
