import { need, shortfall, type ServerCapabilities } from '../../api/capabilities';
import { operationNamed } from '../../api/operations';

/** Reviews with line comments, pending reviews and their submission: Gitea ≥ 1.12. */
const reviewNeeds = [
  need(operationNamed('repoCreatePullReview')),
  need(operationNamed('repoSubmitPullReview')),
  need(operationNamed('repoGetPullReviewComments')),
];

/** Requesting and removing reviewers: Gitea ≥ 1.14. */
const reviewRequestNeeds = [
  need(operationNamed('repoCreatePullReviewRequests')),
  need(operationNamed('repoDeletePullReviewRequests')),
];

export function reviewShortfall(capabilities: ServerCapabilities): string | undefined {
  return shortfall(capabilities, reviewNeeds);
}

export function reviewRequestShortfall(capabilities: ServerCapabilities): string | undefined {
  return shortfall(capabilities, reviewRequestNeeds);
}
