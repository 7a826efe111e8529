import type { TeahouseClient } from '../../../src/api/client';
import { localAccount, localServer, notImplemented, unique } from './helpers';

/** Data the tree suites look for, made over HTTP with the test administrator's client. */
export interface Seeded {
  readonly me: string;
  readonly org: string;
  readonly team: { readonly id: number; readonly name: string };
  readonly member: string;
  readonly orgRepo: string;
  readonly myRepo: string;
  readonly pagedOrg: string;
  /** The workspace's repository, hosted by the local server: `<me>/teahouse-demo`. */
  readonly demo: { readonly owner: string; readonly repo: string };
}

export const pagedRepositoryCount = 31;

let seeded: Promise<Seeded> | undefined;

/** Seeds once per run: accounts, an organization with a team, repositories, a star. */
export function seedBasics(): Promise<Seeded> {
  seeded ??= (async () => {
    const { client } = await localServer();
    const me = (await localAccount()).username;
    const member = unique('member');
    await client.api.adminCreateUser({
      body: {
        username: member,
        password: `pw-${unique('m')}-x`,
        email: `${member}@example.com`,
        must_change_password: false,
      },
    });
    const org = unique('org');
    await client.api.adminCreateOrg({
      username: me,
      body: { username: org, full_name: 'Suite Organization' },
    });
    const team = await client.api.orgCreateTeam({
      org,
      body: { name: 'devs', permission: 'write', units: ['repo.code', 'repo.issues', 'repo.pulls'] },
    });
    await client.api.orgAddTeamMember({ id: team.id, username: member });
    const orgRepo = 'service';
    await client.api.createOrgRepo({ org, body: { name: orgRepo, auto_init: false } });
    await client.api.orgAddTeamRepository({ id: team.id, org, repo: orgRepo });
    const myRepo = unique('mine');
    await client.api.adminCreateRepo({ username: me, body: { name: myRepo, auto_init: false } });
    await client.api.userCurrentPutStar({ owner: org, repo: orgRepo }, { sudo: me });
    const pagedOrg = unique('many');
    await client.api.adminCreateOrg({ username: me, body: { username: pagedOrg } });
    for (let n = 1; n <= pagedRepositoryCount; n++) {
      await client.api.createOrgRepo({
        org: pagedOrg,
        body: { name: `r${String(n).padStart(2, '0')}`, auto_init: false },
      });
    }
    return {
      me,
      org,
      team: { id: team.id, name: team.name },
      member,
      orgRepo,
      myRepo,
      pagedOrg,
      demo: { owner: me, repo: 'teahouse-demo' },
    };
  })();
  return seeded;
}

export interface SeededIssues {
  readonly label: { readonly id: number; readonly name: string };
  readonly assigned: number;
  readonly created: number;
  readonly mentioning: number;
  readonly closed: number;
}

let issues: Promise<SeededIssues> | undefined;

/** Issues in the workspace repository for each group (throws 501 while the server lacks issues). */
export function seedIssues(): Promise<SeededIssues> {
  issues ??= (async () => {
    const { client } = await localServer();
    const { me, demo, member } = await seedBasics();
    await client.api.repoAddCollaborator({ ...demo, collaborator: member, body: { permission: 'write' } });
    const label = await client.api.issueCreateLabel({
      ...demo,
      body: { name: unique('bug'), color: '#ee0701' },
    });
    const assigned = await client.api.issueCreateIssue(
      { ...demo, body: { title: 'Assigned to the local admin', assignees: [me] } },
      { sudo: member },
    );
    const created = await client.api.issueCreateIssue(
      { ...demo, body: { title: 'Opened by the local admin' } },
      { sudo: me },
    );
    const mentioning = await client.api.issueCreateIssue(
      { ...demo, body: { title: 'Mentions the local admin', body: `ping @${me}` } },
      { sudo: member },
    );
    const closed = await client.api.issueCreateIssue(
      { ...demo, body: { title: 'Already closed', labels: [label.id] } },
      { sudo: member },
    );
    await client.api.issueEditIssue({ ...demo, index: closed.number, body: { state: 'closed' } });
    return {
      label: { id: label.id, name: label.name },
      assigned: assigned.number,
      created: created.number,
      mentioning: mentioning.number,
      closed: closed.number,
    };
  })();
  issues.catch(() => (issues = undefined));
  return issues;
}

/** An open pull request into `main` of the workspace repository (the harness made `feature-1`…`feature-3`). */
export async function openPullRequest(client: TeahouseClient, head: string, title: string): Promise<number> {
  const { demo } = await seedBasics();
  const pull = await client.api.repoCreatePullRequest({ ...demo, body: { head, base: 'main', title } });
  return pull.number;
}

export { notImplemented };
