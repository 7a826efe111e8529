import assert from 'node:assert/strict';
import { test } from 'node:test';
import { classifyLicense } from '../../src/server/services/repoLicenses';
import { licenseTemplate, licenseTemplateNames } from '../../src/server/templates/licenses';

test('each licence Gitea ships is recognised as itself, close relatives apart', () => {
  for (const name of licenseTemplateNames) {
    const text = licenseTemplate(name)!
      .replace(/<year>|\[yyyy\]/g, '2026')
      .replace(/<copyright holders>/g, 'Someone');
    assert.deepEqual(classifyLicense(text), [name], name);
  }
});

test('a text that is no licence, or only a fragment of one, is none', () => {
  assert.deepEqual(classifyLicense('All rights reserved.'), []);
  assert.deepEqual(classifyLicense(licenseTemplate('GPL-3.0')!.slice(0, 2000)), []);
  assert.deepEqual(classifyLicense(''), []);
});
