// The entry @vscode/test-cli loads (see .vscode-test.mjs): its mocha has already defined the globals.
import { suites } from './suites';

for (const define of suites) define();
