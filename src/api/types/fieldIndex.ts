import type { TypeName } from '../types';
import type { FieldIndex } from './fieldKinds';
import { userFields } from './fields/user';
import { credentialFields } from './fields/credential';
import { organizationFields } from './fields/organization';
import { repositoryFields } from './fields/repository';
import { repositoryOptionFields } from './fields/repositoryOption';
import { referenceFields } from './fields/reference';
import { branchProtectionFields } from './fields/branchProtection';
import { commitFields } from './fields/commit';
import { commitStatusFields } from './fields/commitStatus';
import { contentsFields } from './fields/contents';
import { issueFields } from './fields/issue';
import { issueActivityFields } from './fields/issueActivity';
import { labelFields } from './fields/label';
import { issueTemplateFields } from './fields/issueTemplate';
import { pullFields } from './fields/pull';
import { reviewFields } from './fields/review';
import { releaseFields } from './fields/release';
import { hookFields } from './fields/hook';
import { notificationFields } from './fields/notification';
import { miscFields } from './fields/misc';
import { errorFields } from './fields/error';
import { hookPayloadFields } from './fields/hookPayload';
import { wikiFields } from './fields/wiki';
import { actionsFields } from './fields/actions';

/**
 * Every type of `types.ts` with its fields, at run time: the extension builds body forms from it and the
 * server checks request bodies against it. Each entry is checked against its interface at compile time.
 */
export const typeFields: FieldIndex = {
  ...userFields,
  ...credentialFields,
  ...organizationFields,
  ...repositoryFields,
  ...repositoryOptionFields,
  ...referenceFields,
  ...branchProtectionFields,
  ...commitFields,
  ...commitStatusFields,
  ...contentsFields,
  ...issueFields,
  ...issueActivityFields,
  ...labelFields,
  ...issueTemplateFields,
  ...pullFields,
  ...reviewFields,
  ...releaseFields,
  ...hookFields,
  ...notificationFields,
  ...miscFields,
  ...errorFields,
  ...hookPayloadFields,
  ...wikiFields,
  ...actionsFields,
};

export function fieldNames(type: TypeName): string[] {
  return typeFields[type].map((field) => field.name);
}
