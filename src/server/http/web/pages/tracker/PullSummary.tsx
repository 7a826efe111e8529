import type { PRBranchInfo, PullRequest } from '../../../../../api/types';
import { Time, UserLink } from '../../layout/parts';
import { encodePath, useHref } from '../../layout/site';
import { repoWeb, type RepoRef } from './trackerApi';

export type PullTab = 'conversation' | 'commits' | 'files';

/** Conversation, Commits and Files changed of a pull request. */
export function PullTabs(props: {
  readonly repo: RepoRef;
  readonly number: number;
  readonly active: PullTab;
}) {
  const href = useHref();
  const base = `${repoWeb(props.repo)}/pulls/${props.number}`;
  const tab = (name: PullTab, path: string, label: string) => (
    <a class={props.active === name ? 'active' : undefined} href={href(`${base}${path}`)}>
      {label}
    </a>
  );
  return (
    <nav class="tabs" aria-label="Pull request">
      {tab('conversation', '', 'Conversation')}
      {tab('commits', '/commits', 'Commits')}
      {tab('files', '/files', 'Files changed')}
    </nav>
  );
}

/** A branch of the pull request, linking to its tree while it is expected to exist (the pull is open). */
function BranchName(props: {
  readonly branch: PRBranchInfo;
  readonly linked: boolean;
  readonly own: RepoRef;
}) {
  const href = useHref();
  const { branch } = props;
  const repo = branch.repo;
  const foreign = repo && repo.full_name !== `${props.own.owner}/${props.own.name}`;
  const name = foreign ? `${repo.owner.login}:${branch.label}` : branch.label;
  if (!repo || !props.linked) return <code>{name}</code>;
  const target = repoWeb({ owner: repo.owner.login, name: repo.name });
  return (
    <a href={href(`${target}/src/branch/${encodePath(branch.ref)}`)}>
      <code>{name}</code>
    </a>
  );
}

/** Base ← head, and the merge state: merged by whom when, mergeable or in conflict. */
export function PullSummary({ repo, pull }: { readonly repo: RepoRef; readonly pull: PullRequest }) {
  const href = useHref();
  const open = pull.state === 'open';
  return (
    <div class="notice pull-summary">
      <p class="row">
        <UserLink login={pull.user.login} /> wants to merge into
        <BranchName branch={pull.base} linked={open} own={repo} /> ←
        <BranchName branch={pull.head} linked={open} own={repo} />
      </p>
      {pull.merged ? (
        <p class="row">
          <span class="state merged">Merged</span> by <UserLink login={pull.merged_by?.login} />{' '}
          <Time iso={pull.merged_at} />
          {pull.merge_commit_sha ? (
            <>
              {' '}
              in{' '}
              <a href={href(`${repoWeb(repo)}/commit/${pull.merge_commit_sha}`)}>
                <code>{pull.merge_commit_sha.slice(0, 10)}</code>
              </a>
            </>
          ) : null}
        </p>
      ) : open ? (
        <p class={pull.mergeable ? 'mergeable' : 'conflict'}>
          {pull.mergeable
            ? 'This pull request can be merged automatically.'
            : 'This pull request has conflicts or cannot be merged automatically.'}
        </p>
      ) : (
        <p class="muted">Closed without merging.</p>
      )}
      <p class="muted small">
        {pull.changed_files} files changed · +{pull.additions} −{pull.deletions}
      </p>
    </div>
  );
}
