/** One row of the bench's table. `ratio` is value/baseline; `met` compares the ratio or the value to the target. */
export interface Row {
  figure: string;
  value: string;
  baseline: string;
  ratio: string;
  target: string;
  met: boolean | undefined;
}

export const ms = (value: number): string => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
export const rps = (value: number): string => `${Math.round(value)} req/s`;
export const mb = (value: number): string => `${value.toFixed(1)} MB`;
export const times = (value: number): string => `${value.toFixed(2)}×`;

export function printTable(rows: readonly Row[]): string {
  const header: Row = {
    figure: 'figure',
    value: 'value',
    baseline: 'baseline',
    ratio: 'ratio',
    target: 'target',
    met: undefined,
  };
  const cells = (row: Row): string[] => [
    row.figure,
    row.value,
    row.baseline,
    row.ratio,
    row.target,
    row === header ? 'met?' : row.met === undefined ? '–' : row.met ? 'yes' : 'NO',
  ];
  const all = [header, ...rows].map(cells);
  const widths = all[0]!.map((_, column) => Math.max(...all.map((line) => line[column]!.length)));
  const format = (line: string[]): string => line.map((cell, c) => cell.padEnd(widths[c]!)).join(' | ');
  const lines = [format(all[0]!), widths.map((w) => '-'.repeat(w)).join('-|-'), ...all.slice(1).map(format)];
  return lines.join('\n');
}
