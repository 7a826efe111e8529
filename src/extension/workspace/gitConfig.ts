/** A remote as `.git/config` declares it. */
export interface ConfigRemote {
  readonly name: string;
  readonly url: string;
}

/** The `[remote "name"] url = …` entries of a git config file (the first url of each remote). */
export function remotesInGitConfig(text: string): ConfigRemote[] {
  const remotes: ConfigRemote[] = [];
  let current: string | undefined;
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.replace(/^\s+|\s+$/g, '');
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const section = /^\[\s*([^\s\]"]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]$/.exec(line);
    if (section) {
      current = section[1]?.toLowerCase() === 'remote' ? section[2]?.replace(/\\(.)/g, '$1') : undefined;
      continue;
    }
    if (current === undefined) continue;
    const entry = /^url\s*=\s*(.*)$/i.exec(line);
    if (entry && !remotes.some((remote) => remote.name === current)) {
      const value = (entry[1] ?? '').replace(/^"(.*)"$/, '$1');
      remotes.push({ name: current, url: value });
    }
  }
  return remotes;
}
