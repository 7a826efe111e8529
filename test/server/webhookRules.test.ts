import { statusOfError } from '../../src/server/http/errorStatus';
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { AddressPolicy } from '../../src/server/services/addressPolicy';
import type { RepositoryEvent } from '../../src/server/services/events';
import { branchFilterMatches, isValidBranchFilter } from '../../src/server/services/webhooks/branchFilter';
import { buildDeliveryRequest } from '../../src/server/services/webhooks/deliveryRequest';
import {
  headerEventName,
  hookEventsArray,
  parseHookEvents,
  selectionHas,
} from '../../src/server/services/webhooks/hookEvents';
import { payloadBranch } from '../../src/server/services/webhooks/hookQueueing';
import { createHook } from '../../src/server/services/webhooks/hookRules';
import { payloadBodyFor } from '../../src/server/services/webhooks/payloads/payloadBody';
import { hmacSha1, hmacSha256 } from '../helpers/hookReceiver';
import { openRulesStore } from './webhookFixture';

const anyAddress = async (): Promise<string[]> => ['127.0.0.1'];

describe('branch filters', () => {
  test('follow Gitea globs: * across slashes, ?, classes, alternatives, escapes', () => {
    const cases: [string, string, boolean][] = [
      ['', 'anything/at/all', true],
      ['*', 'feature/x', true],
      ['main', 'main', true],
      ['main', 'maintenance', false],
      ['release/*', 'release/1.0', true],
      ['release/*', 'release/a/b', true],
      ['release/*', 'releases/1.0', false],
      ['{main,develop}', 'develop', true],
      ['{main,develop}', 'feature', false],
      ['feature-?', 'feature-1', true],
      ['feature-?', 'feature-12', false],
      ['[!x]*', 'main', true],
      ['[!x]*', 'xmain', false],
      ['v[0-9].*', 'v1.2', true],
      ['\\*', '*', true],
      ['\\*', 'a', false],
      ['refs/tags/*', 'refs/tags/v1', true],
    ];
    for (const [filter, branch, expected] of cases) {
      assert.equal(branchFilterMatches(filter, branch), expected, `${filter} ~ ${branch}`);
    }
  });

  test('unclosed braces and classes are not valid filters', () => {
    assert.equal(isValidBranchFilter('{main'), false);
    assert.equal(isValidBranchFilter('[abc'), false);
    assert.equal(isValidBranchFilter('main\\'), false);
    assert.equal(isValidBranchFilter('{main,dev}/**'), true);
  });
});

describe('event selection', () => {
  test('push only by default; review events are chosen as pull_request_review', () => {
    const none = parseHookEvents(undefined);
    assert.deepEqual(hookEventsArray(none), ['push']);
    assert.equal(selectionHas(none, 'push'), true);
    assert.equal(selectionHas(none, 'issues'), false);
    const reviews = parseHookEvents(['pull_request_review', 'unknown-kind']);
    assert.deepEqual(hookEventsArray(reviews), ['pull_request_review']);
    assert.equal(selectionHas(reviews, 'pull_request_review_approved'), true);
    assert.equal(selectionHas(reviews, 'pull_request_review_rejected'), true);
    assert.equal(selectionHas(reviews, 'pull_request'), false);
    const everything = parseHookEvents(['*']);
    assert.equal(selectionHas(everything, 'fork'), true);
    assert.ok(hookEventsArray(everything).includes('wiki'));
  });

  test('fine-grained types are reported under Gitea header events', () => {
    assert.equal(headerEventName('issue_label'), 'issues');
    assert.equal(headerEventName('pull_request_sync'), 'pull_request');
    assert.equal(headerEventName('pull_request_comment'), 'issue_comment');
    assert.equal(headerEventName('pull_request_review_rejected'), 'pull_request_rejected');
    assert.equal(headerEventName('pull_request_review_comment'), 'pull_request_comment');
    assert.equal(headerEventName('release'), 'release');
  });

  test('the filtered branch of a payload: short names for branches, full refs for tag pushes', () => {
    const event = (name: RepositoryEvent['event'], payload: Record<string, unknown>): RepositoryEvent => ({
      event: name,
      repoId: 1,
      senderId: 1,
      payload,
    });
    assert.equal(payloadBranch(event('push', { ref: 'refs/heads/main' })), 'main');
    assert.equal(payloadBranch(event('push', { ref: 'refs/tags/v1' })), 'refs/tags/v1');
    assert.equal(payloadBranch(event('create', { ref: 'dev', ref_type: 'branch' })), 'dev');
    assert.equal(payloadBranch(event('create', { ref: 'v1', ref_type: 'tag' })), undefined);
    assert.equal(payloadBranch(event('issues', { action: 'opened' })), undefined);
  });
});

describe('delivery requests', () => {
  const delivery = {
    uuid: 'a-uuid',
    event_type: 'issue_label',
    payload: '{\n  "action": "label_updated"\n}',
  };

  test('a JSON delivery is signed over its exact body with both hashes', () => {
    const hook = {
      type: 'gitea',
      url: 'http://x/',
      content_type: 'json',
      secret: 'k',
      authorization_header: 'token abc',
    };
    const request = buildDeliveryRequest(hook, delivery, 'Teahouse/test');
    assert.equal(request.body, delivery.payload);
    assert.equal(request.headers['X-Gitea-Event'], 'issues');
    assert.equal(request.headers['X-Gitea-Event-Type'], 'issue_label');
    assert.equal(request.headers['X-Gitea-Signature'], hmacSha256('k', delivery.payload));
    assert.equal(request.headers['X-Hub-Signature'], `sha1=${hmacSha1('k', delivery.payload)}`);
    assert.equal(request.headers['Authorization'], 'token abc');
    // the recorded copy never keeps the credential
    assert.equal(request.recordedHeaders['Authorization'], '******');
  });

  test('a form delivery carries the payload field; without a secret the signatures are empty', () => {
    const hook = {
      type: 'gogs',
      url: 'http://x/',
      content_type: 'form',
      secret: '',
      authorization_header: '',
    };
    const request = buildDeliveryRequest(hook, delivery, 'Teahouse/test');
    assert.equal(request.headers['Content-Type'], 'application/x-www-form-urlencoded');
    assert.equal(new URLSearchParams(request.body).get('payload'), delivery.payload);
    assert.equal(request.headers['X-Gitea-Signature'], '');
    assert.equal(request.headers['X-Hub-Signature-256'], 'sha256=');
    assert.equal(request.headers['Authorization'], undefined);
  });

  test('chat hooks skip a push without commits, and always get JSON', () => {
    const push = {
      ref: 'refs/tags/v1',
      commits: [],
      repository: { full_name: 'o/r', html_url: 'http://x/o/r' },
      sender: { login: 'o' },
    };
    assert.equal(payloadBodyFor({ type: 'slack', meta: '{}' }, 'push', push), undefined);
    assert.equal(
      JSON.parse(payloadBodyFor({ type: 'gitea', meta: '{}' }, 'push', push)!).ref,
      'refs/tags/v1',
    );
    const form = buildDeliveryRequest(
      { type: 'discord', url: 'http://x/', content_type: 'form', secret: '', authorization_header: '' },
      delivery,
      'Teahouse/test',
    );
    assert.equal(form.headers['Content-Type'], 'application/json');
  });
});

describe('the address policy for hook targets', () => {
  const { db, repoId, close } = openRulesStore('teahouse-webhook-rules-');
  after(close);

  const hookInput = {
    type: 'gitea',
    config: { url: 'http://127.0.0.1:1/hook', content_type: 'json' },
    events: ['issues'],
    active: true,
  };

  test('while the server listens on loopback, loopback targets are allowed', async () => {
    const policy = new AddressPolicy({ listenHost: '127.0.0.1', lookup: anyAddress });
    const hook = await createHook({ db, policy }, { repoId }, hookInput);
    assert.equal(hook.url, 'http://127.0.0.1:1/hook');
  });

  test('listening on every address, loopback and private targets are refused with a clear 422', async () => {
    const policy = new AddressPolicy({ listenHost: '0.0.0.0', lookup: anyAddress });
    await assert.rejects(createHook({ db, policy }, { repoId }, hookInput), (error: Error) => {
      assert.equal(statusOfError(error), 422);
      assert.match(error.message, /resolves to a loopback address \(127\.0\.0\.1\).*--allowed-hosts/);
      return true;
    });
    await assert.rejects(
      createHook(
        { db, policy },
        { repoId },
        { ...hookInput, config: { url: 'http://10.1.2.3/hook', content_type: 'json' } },
      ),
      /private address/,
    );
    const named = new AddressPolicy({ listenHost: '0.0.0.0', lookup: async () => ['192.168.1.9'] });
    await assert.rejects(
      createHook(
        { db, policy: named },
        { repoId },
        { ...hookInput, config: { url: 'http://intranet.test/', content_type: 'json' } },
      ),
      /192\.168\.1\.9/,
    );
  });

  test('--allowed-hosts lets a refused target through', async () => {
    const policy = new AddressPolicy({
      listenHost: '0.0.0.0',
      allowedHosts: ['loopback'],
      lookup: anyAddress,
    });
    const hook = await createHook({ db, policy }, { repoId }, hookInput);
    assert.equal(hook.is_active, true);
  });
});
