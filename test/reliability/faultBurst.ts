import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { send, type TestServer } from '../server/harness';
import { gitAsync } from './serverProbe';

/**
 * A burst of concurrent writes of every kind (issues, comments, labels, pushes over smart HTTP) that
 * records exactly which ones the server answered with success, so that after a crash each can be looked for.
 * Requests cut off by the crash (socket errors) are counted apart: they may or may not have happened.
 */

export interface BurstTarget {
  readonly server: TestServer;
  /** `owner/name` */
  readonly repo: string;
  readonly token: string;
  /** A clone of the repository to commit in and push from. */
  readonly clone: string;
  /** An issue that the comment writers comment on. */
  readonly commentedIssue: number;
  /** Labels the label writers add to the issues the burst creates. */
  readonly labelIds: readonly number[];
}

export interface BurstRecord {
  issues: { number: number; title: string }[];
  comments: { id: number; body: string }[];
  labelled: { issue: number; label: number }[];
  pushes: { branch: string; sha: string }[];
  /** Requests that got no answer (the server died under them) or an unexpected status. */
  interrupted: number;
  unexpected: string[];
}

export interface Burst {
  readonly record: BurstRecord;
  /** Successful writes so far. */
  successes(): number;
  /** Stops starting new writes and waits for the writers to finish (their requests fail once the server is gone). */
  stop(): Promise<void>;
}

/** Starts `writers` concurrent loops of each kind of write (pushes: one loop, git is slower). */
export function startBurst(target: BurstTarget, writers = 6): Burst {
  const { server, repo, token } = target;
  const record: BurstRecord = {
    issues: [],
    comments: [],
    labelled: [],
    pushes: [],
    interrupted: 0,
    unexpected: [],
  };
  let stopped = false;
  let sequence = 0;

  const api = async <T>(method: string, apiPath: string, body: unknown): Promise<T | undefined> => {
    try {
      const res = await send<T>(`${server.apiUrl}${apiPath}`, method, { token, body });
      if (res.status >= 200 && res.status < 300) return res.json;
      record.unexpected.push(`${method} ${apiPath} → ${res.status} ${res.text}`);
    } catch {
      record.interrupted++;
    }
    return undefined;
  };

  const issueWriter = async (): Promise<void> => {
    while (!stopped) {
      const title = `burst issue ${++sequence}`;
      const issue = await api<{ number: number }>('POST', `/repos/${repo}/issues`, { title });
      if (!issue) continue;
      record.issues.push({ number: issue.number, title });
      const label = target.labelIds[issue.number % target.labelIds.length]!;
      const labelled = await api('POST', `/repos/${repo}/issues/${issue.number}/labels`, { labels: [label] });
      if (labelled) record.labelled.push({ issue: issue.number, label });
    }
  };

  const commentWriter = async (): Promise<void> => {
    while (!stopped) {
      const body = `burst comment ${++sequence}`;
      const comment = await api<{ id: number }>(
        'POST',
        `/repos/${repo}/issues/${target.commentedIssue}/comments`,
        { body },
      );
      if (comment) record.comments.push({ id: comment.id, body });
    }
  };

  const pushWriter = async (): Promise<void> => {
    while (!stopped) {
      const branch = `burst-${++sequence}`;
      await gitAsync(target.clone, ['checkout', '--quiet', '-B', branch, 'origin/main']);
      writeFileSync(path.join(target.clone, 'burst.txt'), `${branch}\n`);
      await gitAsync(target.clone, ['add', 'burst.txt']);
      await gitAsync(target.clone, ['commit', '--quiet', '--no-gpg-sign', '-m', branch]);
      const sha = (await gitAsync(target.clone, ['rev-parse', 'HEAD'])).stdout.trim();
      const pushed = await gitAsync(target.clone, ['push', '--quiet', 'origin', branch]);
      if (pushed.code === 0) record.pushes.push({ branch, sha });
      else record.interrupted++;
    }
  };

  const loops = [
    ...Array.from({ length: writers }, issueWriter),
    ...Array.from({ length: writers }, commentWriter),
    pushWriter(),
  ];
  return {
    record,
    successes: () =>
      record.issues.length + record.comments.length + record.labelled.length + record.pushes.length,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}
