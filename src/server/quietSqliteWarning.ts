/**
 * node:sqlite announces itself as experimental on every start; the CLI's output is read by people and by
 * tools parsing its lines, so that one warning is dropped. Imported first by cli.ts; other warnings pass.
 */
const emitWarning = process.emitWarning.bind(process);

process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
  const text = typeof warning === 'string' ? warning : warning.message;
  if (text.includes('SQLite is an experimental feature')) return;
  (emitWarning as (warning: string | Error, ...rest: unknown[]) => void)(warning, ...rest);
}) as typeof process.emitWarning;
