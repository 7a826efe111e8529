import type { OperationSpec } from '../operationSpec';

/** The signed-in user's own settings and the proof of owning a GPG key (Gitea 1.27's `/user` group). */
export const accountSettingsOperations = [
  {
    operationId: 'getUserSettings',
    method: 'GET',
    path: '/user/settings',
    group: 'user',
    summary: 'Get user settings',
    success: { status: 200, type: 'UserSettings' },
    statuses: [401],
    auth: 'signedIn',
    scope: 'user',
  },
  {
    operationId: 'updateUserSettings',
    method: 'PATCH',
    path: '/user/settings',
    group: 'user',
    summary: 'Update user settings',
    body: { type: 'UserSettingsOptions' },
    success: { status: 200, type: 'UserSettings' },
    statuses: [401, 422],
    auth: 'signedIn',
    scope: 'user',
  },
  {
    operationId: 'getVerificationToken',
    method: 'GET',
    path: '/user/gpg_key_token',
    group: 'user',
    summary: 'Get a Token to verify',
    success: { status: 200, content: 'text' },
    statuses: [401, 404],
    auth: 'signedIn',
    scope: 'user',
  },
  {
    operationId: 'userVerifyGPGKey',
    method: 'POST',
    path: '/user/gpg_key_verify',
    group: 'user',
    summary: 'Verify a GPG key',
    body: { type: 'VerifyGPGKeyOption', required: true },
    // Gitea's handler answers 200 although its swagger says 201
    success: { status: 200, type: 'GPGKey' },
    statuses: [401, 404, 422],
    auth: 'signedIn',
    scope: 'user',
  },
] as const satisfies readonly OperationSpec[];
