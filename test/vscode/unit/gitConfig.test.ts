import assert from 'node:assert/strict';
import { test } from 'node:test';
import { remotesInGitConfig } from '../../../src/extension/workspace/gitConfig';

test('remotes are read from .git/config with their first url, other sections ignored', () => {
  const config = [
    '[core]',
    '\trepositoryformatversion = 0',
    '\turl = https://not-a-remote.example/x/y',
    '[remote "origin"]',
    '\turl = git@gitea.example.com:alice/tea.git',
    '\tfetch = +refs/heads/*:refs/remotes/origin/*',
    '\turl = https://second.example/alice/tea.git',
    '# a comment',
    '[remote "up stream"]',
    '\tURL = "https://gitea.example.com/org/tea.git"',
    '[branch "main"]',
    '\tremote = origin',
  ].join('\n');
  assert.deepEqual(remotesInGitConfig(config), [
    { name: 'origin', url: 'git@gitea.example.com:alice/tea.git' },
    { name: 'up stream', url: 'https://gitea.example.com/org/tea.git' },
  ]);
});

test('a config without remotes has none', () => {
  assert.deepEqual(remotesInGitConfig('[core]\n\tbare = false\n'), []);
});
