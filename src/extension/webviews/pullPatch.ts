import type { ChangedFileModel, CommitModel } from '../../webview/protocol';

/**
 * The changed files of a pull request from its `.diff` (`git diff base...head`), for servers without
 * `…/pulls/{index}/files` (Gitea < 1.15): status from the extended headers, counts from the hunks.
 */
export function filesFromDiff(diff: string): ChangedFileModel[] {
  const files: ChangedFileModel[] = [];
  let current:
    | { filename: string; previousFilename: string; status: string; additions: number; deletions: number }
    | undefined;
  let inHunk = false;
  const finish = () => {
    if (current) files.push(current);
  };
  for (const line of diff.split('\n')) {
    const header = /^diff --git a\/(.+) b\/(.+)$/.exec(line);
    if (header) {
      finish();
      current = {
        filename: header[2] ?? '',
        previousFilename: '',
        status: 'modified',
        additions: 0,
        deletions: 0,
      };
      inHunk = false;
      continue;
    }
    if (current === undefined) continue;
    if (line.startsWith('@@')) {
      inHunk = true;
      continue;
    }
    if (inHunk) {
      if (line.startsWith('+')) current.additions++;
      else if (line.startsWith('-')) current.deletions++;
      continue;
    }
    if (line.startsWith('new file mode')) current.status = 'added';
    else if (line.startsWith('deleted file mode')) current.status = 'deleted';
    else if (line.startsWith('rename from ')) {
      current.status = 'renamed';
      current.previousFilename = line.slice('rename from '.length);
    } else if (line.startsWith('rename to ')) current.filename = line.slice('rename to '.length);
    else if (line.startsWith('+++ b/')) current.filename = line.slice('+++ b/'.length);
  }
  finish();
  return files;
}

/** `=?UTF-8?q?J=C3=B6rg?=` and `=?UTF-8?b?…?=` (RFC 2047), as git writes non-ASCII names and subjects. */
function decodeWords(text: string): string {
  return text.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_match, encoding: string, data: string) => {
    if (encoding.toLowerCase() === 'b') return Buffer.from(data, 'base64').toString('utf8');
    const bytes = data.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_hex, code: string) => `%${code}`);
    try {
      return decodeURIComponent(bytes);
    } catch {
      return data;
    }
  });
}

/**
 * The commits of a pull request from its `.patch` (`git format-patch --stdout`), for servers without
 * `…/pulls/{index}/commits` (Gitea < 1.15): one `From <sha> …` block per commit, oldest first.
 */
export function commitsFromPatch(patch: string): CommitModel[] {
  const commits: CommitModel[] = [];
  const lines = patch.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const start = /^From ([0-9a-f]{40}) /.exec(lines[i] ?? '');
    if (!start) continue;
    let author = '';
    let subject = '';
    let j = i + 1;
    // headers up to the first empty line; a header continues on lines starting with a space
    for (; j < lines.length && lines[j] !== ''; j++) {
      const line = lines[j] ?? '';
      if (line.startsWith('From: ')) author = decodeWords(line.slice(6)).replace(/\s*<[^>]*>\s*$/, '');
      else if (line.startsWith('Subject: ')) subject = line.slice(9);
      else if (line.startsWith(' ') && subject !== '' && lines[j - 1]?.startsWith('Subject: '))
        subject += line;
    }
    const body: string[] = [];
    for (j++; j < lines.length && lines[j] !== '---' && !/^From [0-9a-f]{40} /.test(lines[j] ?? ''); j++) {
      body.push(lines[j] ?? '');
    }
    const title = decodeWords(subject).replace(/^\[PATCH[^\]]*\]\s*/, '');
    const message = [title, ...(body.some((line) => line.trim() !== '') ? ['', ...body] : [])]
      .join('\n')
      .trimEnd();
    commits.push({ sha: start[1] ?? '', message, author: author.replace(/^"(.*)"$/, '$1') });
    i = j - 1;
  }
  return commits;
}
