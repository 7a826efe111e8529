import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { giteaApi } from 'gitea-js';
import { gpgFixture } from '../fixtures/keys';
import { startServer, type TestServer } from './harness';

interface EmailJson {
  email: string;
  verified: boolean;
  primary: boolean;
  user_id: number;
  username: string;
}

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.stop();
});

const listEmails = (token: string) => server.request<EmailJson[]>('GET', '/user/emails', { token });
const addEmails = (token: string, emails: unknown) =>
  server.request<EmailJson[]>('POST', '/user/emails', { token, body: { emails } });
const deleteEmails = (token: string, emails: unknown) =>
  server.request<{ message: string }>('DELETE', '/user/emails', { token, body: { emails } });

describe('e-mail addresses', () => {
  test("a user's list starts with their primary address, activated", async () => {
    const amy = await server.createUser('mail-amy', { email: 'amy@mail.test' });
    const res = await listEmails(amy.token);
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, [
      { email: 'amy@mail.test', verified: true, primary: true, user_id: amy.user.id, username: 'mail-amy' },
    ]);
  });

  test('adding addresses answers 201 with the added ones, which then follow the primary in the list', async () => {
    const bob = await server.createUser('mail-bob', { email: 'bob@mail.test' });
    const res = await addEmails(bob.token, ['bob@work.test', 'Bob.Home@Mail.Test']);
    assert.equal(res.status, 201);
    assert.deepEqual(res.json, [
      { email: 'bob@work.test', verified: true, primary: false, user_id: bob.user.id, username: 'mail-bob' },
      {
        email: 'Bob.Home@Mail.Test',
        verified: true,
        primary: false,
        user_id: bob.user.id,
        username: 'mail-bob',
      },
    ]);
    assert.deepEqual(
      (await listEmails(bob.token)).json.map((e) => [e.email, e.primary]),
      [
        ['bob@mail.test', true],
        ['bob@work.test', false],
        ['Bob.Home@Mail.Test', false],
      ],
    );
  });

  test('an invalid address is refused and nothing of the request is added', async () => {
    const cat = await server.createUser('mail-cat', { email: 'cat@mail.test' });
    const res = await server.request<{ message: string }>('POST', '/user/emails', {
      token: cat.token,
      body: { emails: ['cat2@mail.test', 'not-an-address'] },
    });
    assert.equal(res.status, 422);
    assert.equal(res.json.message, 'Email address "not-an-address" invalid');
    assert.equal((await listEmails(cat.token)).json.length, 1);
  });

  test('an address anyone already has is refused, whatever its case', async () => {
    const dan = await server.createUser('mail-dan', { email: 'dan@mail.test' });
    await server.createUser('mail-eva', { email: 'eva@mail.test' });
    for (const taken of ['EVA@mail.test', 'dan@mail.test']) {
      const res = await server.request<{ message: string }>('POST', '/user/emails', {
        token: dan.token,
        body: { emails: [taken] },
      });
      assert.equal(res.status, 422);
      assert.equal(res.json.message, `Email address has been used: ${taken}`);
    }
    const twice = await server.request<{ message: string }>('POST', '/user/emails', {
      token: dan.token,
      body: { emails: ['dan2@mail.test', 'DAN2@mail.test'] },
    });
    assert.equal(twice.status, 422);
    assert.equal((await listEmails(dan.token)).json.length, 1);
  });

  test('an empty or missing list is a 422, a list of non-strings too', async () => {
    const fay = await server.createUser('mail-fay');
    for (const body of [{ emails: [] }, {}]) {
      const res = await server.request<{ message: string }>('POST', '/user/emails', {
        token: fay.token,
        body,
      });
      assert.equal(res.status, 422);
      assert.equal(res.json.message, 'Email list empty');
    }
    const wrongType = await server.request<{ message: string }>('POST', '/user/emails', {
      token: fay.token,
      body: { emails: [1] },
    });
    assert.equal(wrongType.status, 422);
    assert.equal(wrongType.json.message, '[Emails]: must be a list of strings');
  });

  test('deleting addresses answers 204; afterwards someone else may add them', async () => {
    const gus = await server.createUser('mail-gus', { email: 'gus@mail.test' });
    const hal = await server.createUser('mail-hal');
    assert.equal((await addEmails(gus.token, ['gus@old.test', 'gus@keep.test'])).status, 201);
    const res = await deleteEmails(gus.token, ['GUS@old.test']);
    assert.equal(res.status, 204);
    assert.equal(res.text, '');
    assert.deepEqual(
      (await listEmails(gus.token)).json.map((e) => e.email),
      ['gus@mail.test', 'gus@keep.test'],
    );
    assert.equal((await addEmails(hal.token, ['gus@old.test'])).status, 201);
    assert.equal((await deleteEmails(gus.token, [])).status, 204);
  });

  test("an address one does not have is 404, another user's included; the primary one is 422", async () => {
    const ida = await server.createUser('mail-ida', { email: 'ida@mail.test' });
    await server.createUser('mail-jon', { email: 'jon@mail.test' });
    assert.equal((await addEmails(ida.token, ['ida@extra.test'])).status, 201);
    const unknown = await deleteEmails(ida.token, ['nobody@mail.test']);
    assert.equal(unknown.status, 404);
    assert.equal(unknown.json.message, 'Email address does not exist [email: nobody@mail.test]');
    assert.equal((await deleteEmails(ida.token, ['jon@mail.test'])).status, 404);
    const primary = await deleteEmails(ida.token, ['ida@extra.test', 'ida@mail.test']);
    assert.equal(primary.status, 422);
    assert.equal(primary.json.message, 'primary email address cannot be deleted [email: ida@mail.test]');
    // all or nothing: the extra address survived the refused request
    assert.deepEqual(
      (await listEmails(ida.token)).json.map((e) => e.email),
      ['ida@mail.test', 'ida@extra.test'],
    );
  });

  test('anonymous callers get 401', async () => {
    assert.equal((await server.request('GET', '/user/emails')).status, 401);
    assert.equal(
      (await server.request('POST', '/user/emails', { body: { emails: ['x@mail.test'] } })).status,
      401,
    );
    assert.equal(
      (await server.request('DELETE', '/user/emails', { body: { emails: ['x@mail.test'] } })).status,
      401,
    );
  });

  test('an added address verifies the GPG keys that carry it', async () => {
    const kit = await server.createUser('mail-kit');
    assert.equal((await addEmails(kit.token, ['ed@teahouse.test'])).status, 201);
    const key = await server.request<{
      verified: boolean;
      emails: Array<{ email: string; verified: boolean }>;
    }>('POST', '/user/gpg_keys', {
      token: kit.token,
      body: { armored_public_key: gpgFixture('ed25519-cv25519').armored },
    });
    assert.equal(key.status, 201);
    assert.deepEqual(key.json.emails, [{ email: 'ed@teahouse.test', verified: true }]);
    assert.equal(key.json.verified, true);
  });

  test('gitea-js lists, adds and deletes addresses with the field names it expects', async () => {
    const lou = await server.createUser('mail-lou', { email: 'lou@mail.test' });
    const api = giteaApi(server.url.replace(/\/$/, ''), { token: lou.token, customFetch: fetch });
    const added = await api.user.userAddEmail({ emails: ['lou@js.test'] });
    assert.equal(added.status, 201);
    assert.deepEqual(
      added.data.map((e) => [e.email, e.primary, e.verified, e.username]),
      [['lou@js.test', false, true, 'mail-lou']],
    );
    const listed = await api.user.userListEmails();
    assert.deepEqual(
      listed.data.map((e) => e.email),
      ['lou@mail.test', 'lou@js.test'],
    );
    const removed = await api.user.userDeleteEmail({ emails: ['lou@js.test'] });
    assert.equal(removed.status, 204);
    assert.equal((await api.user.userListEmails()).data.length, 1);
  });
});
