import type { MigrationArea } from './area';
import { loadDiscussions, writeDiscussion } from './discussion';
import type { SourceIssue } from './sourceTypes';

/** Issues (not pull requests) with their comments and reactions. */
export const issuesArea: MigrationArea = {
  name: 'issues',
  wanted: (flags) => flags.issues,
  async load(source) {
    const listed = await source.api.list<SourceIssue>(source.path('/issues'), {
      state: 'all',
      type: 'issues',
    });
    // A source that ignores `type` lists pull requests too; they are the pull request area's.
    const issues = listed.filter((issue) => issue.pull_request === undefined || issue.pull_request === null);
    const discussions = await loadDiscussions(source, issues);
    return {
      counts: {
        issues: discussions.length,
        comments: discussions.reduce((n, d) => n + d.comments.length, 0),
      },
      write(target) {
        for (const discussion of discussions) writeDiscussion(target, discussion, false);
      },
    };
  },
};
