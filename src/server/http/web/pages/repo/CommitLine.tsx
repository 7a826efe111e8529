import type { CommitObject } from '../../../../git/commits';
import { Time } from '../../layout/parts';
import { useHref } from '../../layout/site';

export const subjectOf = (message: string): string => message.split('\n', 1)[0] ?? '';

export const commitIso = (commit: CommitObject): string => new Date(commit.author.when * 1000).toISOString();

/** A commit in one line: its subject linking to the commit page, author, date, short id. */
export function CommitLine({ base, commit }: { readonly base: string; readonly commit: CommitObject }) {
  const href = useHref();
  const link = href(`${base}/commit/${commit.sha}`);
  return (
    <div class="spread">
      <span>
        <strong>{commit.author.name}</strong> <a href={link}>{subjectOf(commit.message)}</a>
      </span>
      <span class="muted small">
        <a class="mono" href={link}>
          {commit.sha.slice(0, 10)}
        </a>{' '}
        · <Time iso={commitIso(commit)} />
      </span>
    </div>
  );
}

/** Commits one per line, newest first as given. */
export function CommitList({
  base,
  commits,
}: {
  readonly base: string;
  readonly commits: readonly CommitObject[];
}) {
  return (
    <ul class="list">
      {commits.map((commit) => (
        <li>
          <CommitLine base={base} commit={commit} />
        </li>
      ))}
    </ul>
  );
}
