import type { TeahouseClient } from '../../../src/api/client';
import type { RemoteUser } from './remoteServer';

export type Ref = { owner: string; repo: string };

/**
 * On a server (the remote one to take offline, the local one to publish): labels, an open and a closed milestone, two issues (one closed) with comments by two
 * users, a pull request from a branch with a label, a milestone and a comment, a release and a pre-release.
 */
export async function seedTrackerRepository(
  owner: RemoteUser,
  other: RemoteUser,
  name: string,
  description: string,
): Promise<Ref> {
  const api = owner.client.api;
  await api.createCurrentUserRepo({ body: { name, auto_init: true, description } });
  const ref = { owner: owner.username, repo: name };
  await api.repoAddCollaborator({ ...ref, collaborator: other.username, body: { permission: 'write' } });
  const bug = await api.issueCreateLabel({
    ...ref,
    body: { name: 'bug', color: '#ee0701', description: 'Something is broken' },
  });
  const docs = await api.issueCreateLabel({ ...ref, body: { name: 'docs', color: '#0075ca' } });
  const v1 = await api.issueCreateMilestone({
    ...ref,
    body: { title: 'v1', description: 'The first release', due_on: '2030-01-02T03:04:05Z' },
  });
  const v0 = await api.issueCreateMilestone({ ...ref, body: { title: 'v0' } });
  await api.issueEditMilestone({ ...ref, id: String(v0.id), body: { state: 'closed' } });
  const first = await api.issueCreateIssue({
    ...ref,
    body: {
      title: 'The first issue',
      body: 'Steps:\n\n1. *open* it\n2. read ✓',
      labels: [bug.id],
      milestone: v1.id,
    },
  });
  await other.client.api.issueCreateComment({ ...ref, index: first.number, body: { body: 'I see it too' } });
  await api.issueCreateComment({ ...ref, index: first.number, body: { body: 'Fixing it' } });
  const second = await other.client.api.issueCreateIssue({
    ...ref,
    body: { title: 'Already done', body: 'by the other user', milestone: v0.id },
  });
  await other.client.api.issueCreateComment({ ...ref, index: second.number, body: { body: 'closing' } });
  await api.issueEditIssue({ ...ref, index: second.number, body: { state: 'closed' } });
  await api.repoCreateFile({
    ...ref,
    filepath: 'feature.txt',
    body: {
      content: Buffer.from('a feature\n').toString('base64'),
      message: 'Add the feature',
      branch: 'main',
      new_branch: 'feature',
    },
  });
  const pull = await api.repoCreatePullRequest({
    ...ref,
    body: {
      head: 'feature',
      base: 'main',
      title: 'Add the feature',
      body: 'Please review',
      labels: [docs.id],
      milestone: v1.id,
    },
  });
  await other.client.api.issueCreateComment({ ...ref, index: pull.number, body: { body: 'Looks good' } });
  await api.repoCreateRelease({
    ...ref,
    body: { tag_name: 'v1.0', target_commitish: 'main', name: 'One', body: 'Release notes' },
  });
  await api.repoCreateRelease({
    ...ref,
    body: { tag_name: 'v1.1-rc', target_commitish: 'main', name: 'RC', body: '', prerelease: true },
  });
  return ref;
}

/** Who wrote it, as the copy keeps it: the local user of that name, else the original author's name. */
const author = (item: { user?: { login: string } | null; original_author?: string }): string =>
  item.original_author || (item.user?.login ?? '');

/** Every field the copy must keep, read the same way from either server. */
export async function trackerFields(client: TeahouseClient, ref: Ref): Promise<unknown> {
  const api = client.api;
  const issues = await api.issueListIssues({ ...ref, state: 'all', type: 'issues', limit: 50 });
  const pullIssues = await api.issueListIssues({ ...ref, state: 'all', type: 'pulls', limit: 50 });
  const pulls = await api.repoListPullRequests({ ...ref, state: 'all', limit: 50 });
  const comments = async (index: number) =>
    (await api.issueGetComments({ ...ref, index })).map((comment) => [author(comment), comment.body]);
  const byNumber = <T extends { number: number }>(list: T[]): T[] =>
    [...list].sort((a, b) => a.number - b.number);
  return {
    labels: (await api.issueListLabels({ ...ref, limit: 50 }))
      .map((label) => [label.name, label.color, label.description])
      .sort(),
    milestones: (await api.issueGetMilestones({ ...ref, state: 'all', limit: 50 }))
      .map((milestone) => [milestone.title, milestone.description, milestone.state, milestone.due_on])
      .sort(),
    issues: await Promise.all(
      byNumber(issues).map(async (issue) => ({
        number: issue.number,
        title: issue.title,
        body: issue.body,
        state: issue.state,
        author: author(issue),
        labels: issue.labels.map((label) => label.name),
        milestone: issue.milestone?.title,
        comments: await comments(issue.number),
      })),
    ),
    pulls: await Promise.all(
      byNumber(pulls).map(async (pull) => ({
        number: pull.number,
        title: pull.title,
        body: pull.body,
        state: pull.state,
        author: author(pullIssues.find((issue) => issue.number === pull.number) ?? {}),
        head: pull.head.ref,
        base: pull.base.ref,
        merged: pull.merged,
        labels: pull.labels.map((label) => label.name),
        milestone: pull.milestone?.title,
        comments: await comments(pull.number),
      })),
    ),
    releases: (await api.repoListReleases({ ...ref, limit: 50 }))
      .map((release) => [release.tag_name, release.name, release.body, release.prerelease, release.draft])
      .sort(),
    branches: (await api.repoListBranches({ ...ref, limit: 50 })).map((branch) => branch.name).sort(),
  };
}
