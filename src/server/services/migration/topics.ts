import { replaceRepoTopics } from '../../store/topics';
import { maxTopicsPerRepository, sanitizeTopics } from '../topics';
import type { MigrationArea } from './area';

/**
 * The repository's topics, brought with any part of the tracker (Gitea's migrator always asks for them; here
 * a migration of the git data alone does not touch the source's API). A source without the operation
 * (Gitea < 1.12) has none to give; names this server would refuse are left out rather than failing the
 * migration.
 */
export const topicsArea: MigrationArea = {
  name: 'topics',
  wanted: (flags) => flags.labels || flags.milestones || flags.issues || flags.pullRequests || flags.releases,
  async load(source) {
    const answer = await source.api.get<{ topics?: unknown }>(source.path('/topics'), {}, true);
    const names = Array.isArray(answer?.topics)
      ? answer.topics.filter((name): name is string => typeof name === 'string')
      : [];
    const topics = sanitizeTopics(names).valid.slice(0, maxTopicsPerRepository);
    return {
      counts: { topics: topics.length },
      write(target) {
        if (topics.length > 0) replaceRepoTopics(target.db, target.repoId, topics);
      },
    };
  },
};
