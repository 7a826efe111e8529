import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

async function statLine(file: string): Promise<string> {
  try {
    const info = await stat(file);
    return `${file}:${info.mtimeMs}:${info.size}`;
  } catch {
    return `${file}:-`;
  }
}

/** Loose references: git writes `<name>.lock` and renames it, so every update touches a folder or file here. */
async function looseRefLines(folder: string, lines: string[], budget: { left: number }): Promise<void> {
  if (budget.left-- <= 0) return;
  lines.push(await statLine(folder));
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) await looseRefLines(full, lines, budget);
    else if (budget.left-- > 0) lines.push(await statLine(full));
  }
}

/**
 * A cheap summary of a repository's references and HEAD from file times and sizes (no git process): when it
 * is unchanged, nothing moved since the last look. Large ref folders are summarised in part only, which
 * makes a change there show up at the next change elsewhere at the latest.
 */
export async function refsFingerprint(gitDir: string): Promise<string> {
  const lines: string[] = [];
  try {
    lines.push(`HEAD=${(await readFile(path.join(gitDir, 'HEAD'), 'utf8')).trim()}`);
  } catch {
    lines.push('HEAD=-');
  }
  lines.push(await statLine(path.join(gitDir, 'packed-refs')));
  const budget = { left: 2000 };
  await looseRefLines(path.join(gitDir, 'refs', 'heads'), lines, budget);
  await looseRefLines(path.join(gitDir, 'refs', 'tags'), lines, budget);
  return lines.join('\n');
}
