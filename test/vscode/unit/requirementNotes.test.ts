import assert from 'node:assert/strict';
import { test } from 'node:test';
import { requirementNote } from '../../../src/api/capabilities';
import { needsRepositoryNote, parseRequirementNote } from '../../../src/extension/util/requirementNotes';

test('every requirement note of the capability table reads back into its parts (for its translation)', () => {
  assert.deepEqual(parseRequirementNote(requirementNote({ operationId: 'x' })), { kind: 'teahouse' });
  assert.deepEqual(parseRequirementNote(requirementNote({ operationId: 'x', since: '1.15.0' })), {
    kind: 'atLeast',
    version: '1.15',
  });
  assert.deepEqual(parseRequirementNote(requirementNote({ operationId: 'x', since: '1.14.1' })), {
    kind: 'newerThan',
    version: '1.14.0',
  });
  assert.deepEqual(parseRequirementNote(needsRepositoryNote), { kind: 'repository' });
  assert.equal(parseRequirementNote('No issues'), undefined);
});
