import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ServerCapabilities } from '../../../src/api/capabilities';
import { classifyVersion, defaultApiLimits, type ServerProfile } from '../../../src/api/serverProfile';
import { isAllowedHostEntry, localServerAllowedHosts } from '../../../src/extension/local/allowedHosts';
import { failedPart, sourceShortfall, takeOfflineBody } from '../../../src/extension/offline/takeOffline';

const capabilities = (version: string, local = false): ServerCapabilities => {
  const profile: ServerProfile = {
    ...classifyVersion(version, local),
    version,
    limits: defaultApiLimits,
    limitsFromServer: true,
    readAt: '2026-01-01T00:00:00Z',
  };
  return new ServerCapabilities(profile);
};

test('the source needs paged reviews and reactions: Gitea 1.11 falls short, 1.12 on, Forgejo and Teahouse suffice', () => {
  assert.equal(sourceShortfall(capabilities('1.11.0')), 'needs Gitea ≥ 1.12');
  assert.equal(sourceShortfall(capabilities('1.1.1')), 'needs Gitea ≥ 1.12');
  for (const version of ['1.12.0', '1.14.1', '1.21.0', '7.0.0+gitea-1.21.0']) {
    assert.equal(sourceShortfall(capabilities(version)), undefined, version);
  }
  assert.equal(sourceShortfall(capabilities('1.14.1+teahouse-0.1.0')), undefined);
});

test('the migration body asks for the whole tracker with the remote token, into the chosen local owner', () => {
  const body = takeOfflineBody(
    { clone_url: 'http://10.0.0.5:3000/team/tool.git', description: 'A tool', private: true },
    'remote-token',
    { owner: 'org', name: 'tool' },
  );
  assert.deepEqual(body, {
    clone_addr: 'http://10.0.0.5:3000/team/tool.git',
    service: 'gitea',
    auth_token: 'remote-token',
    repo_owner: 'org',
    repo_name: 'tool',
    description: 'A tool',
    private: true,
    mirror: false,
    issues: true,
    labels: true,
    milestones: true,
    pull_requests: true,
    releases: true,
    wiki: false,
  });
});

test("the failed part is read from the local server's message", () => {
  const cases: [string, string | undefined][] = [
    [
      'Migration failed: the source answered 500 to GET /api/v1/repos/team/tool/pulls/3/reviews.',
      'pull request reviews',
    ],
    [
      'Migration failed: the source answered 404 to GET /api/v1/repos/team/tool/pulls/3/reviews/7/comments.',
      'review comments',
    ],
    ['Migration failed: the source answered 502 to GET /api/v1/repos/team/tool/issues.', 'issues'],
    ['Migration failed: the source answered 500 to GET /api/v1/repos/team/tool/issues/comments.', 'comments'],
    [
      'Migration failed: the source answered 500 to GET /api/v1/repos/team/tool/issues/comments/4/reactions.',
      'comment reactions',
    ],
    ['Migration failed: the source answered 500 to GET /api/v1/repos/team/tool/labels.', 'labels'],
    ['Migration failed: the source answered 500 to GET /api/v1/repos/team/tool/milestones.', 'milestones'],
    ['Migration failed: the source answered 500 to GET /api/v1/repos/team/tool/releases.', 'releases'],
    [
      'Authentication failed: the source answered 401 to GET /api/v1/repos/team/tool.',
      'the repository’s details',
    ],
    ['Migration failed: the source answered 404 to GET /attachments/4f1c.', 'release assets'],
    ['Migration failed: /attachments/4f1c is larger than 4194304 bytes.', 'release assets'],
    [
      'You can not import from disallowed hosts: the host "x" resolves to a reserved address (240.0.0.1).',
      'the address check of the local server',
    ],
    ['Migration failed: the remote is unreachable (fatal: unable to access …).', 'the git clone'],
    ['Authentication failed: fatal: Authentication failed for …', 'the git clone'],
    ['The repository with the same name already exists.', 'choosing the name'],
    ['Something else entirely', undefined],
  ];
  for (const [message, part] of cases) assert.equal(failedPart(message), part, message);
});

test("--allowed-hosts: the remote accounts' hosts and the setting's valid entries, the invalid ones set apart", () => {
  const list = localServerAllowedHosts(
    ['https://Gitea.Team.Example/', 'http://10.0.0.5:3000/', 'http://[fd00::5]:3000/git/', 'not a url'],
    ['*.corp.example, 192.168.7.0/24', 'private', 'bad host!', '10.0.0.0/40', ''],
  );
  assert.deepEqual(list.hosts, [
    '*.corp.example',
    '10.0.0.5',
    '192.168.7.0/24',
    'fd00::5',
    'gitea.team.example',
    'private',
  ]);
  assert.deepEqual(list.rejected, ['bad host!', '10.0.0.0/40']);
  assert.ok(isAllowedHostEntry('fd00::/8') && isAllowedHostEntry('*') && !isAllowedHostEntry('a b'));
});
