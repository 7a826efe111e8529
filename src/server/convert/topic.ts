import type { TopicResponse } from '../../api/types/repository';
import type { TopicRow } from '../store/topics';
import { isoTime } from './time';

/** Gitea's convert.ToTopicResponse. */
export const toTopicResponse = (topic: TopicRow): TopicResponse => ({
  id: topic.id,
  topic_name: topic.name,
  repo_count: topic.repo_count,
  created: isoTime(topic.created),
  updated: isoTime(topic.updated),
});
