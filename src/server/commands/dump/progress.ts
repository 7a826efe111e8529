/**
 * Progress lines on stderr (`teahouse dump: …`), silent with --quiet except warnings (`warning: …`);
 * `elapsed()` since it was made.
 */
export function progressReporter(
  quiet: boolean,
  prefix = 'dump',
): ((line: string) => void) & { elapsed: () => string } {
  const start = performance.now();
  const report = (line: string): void => {
    if (!quiet || line.startsWith('warning:')) process.stderr.write(`teahouse ${prefix}: ${line}\n`);
  };
  return Object.assign(report, {
    elapsed: () => `${((performance.now() - start) / 1000).toFixed(1)} s`,
  });
}

export function sizeOf(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KiB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GiB`;
}
