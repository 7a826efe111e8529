import type { PushMirror } from '../../api/types';
import { formatGoDuration } from '../domain/goDuration';
import type { PushMirrorRow } from '../store/pushMirrors';
import type { RepositoryRow } from '../store/repositories';
import { isoTime } from './time';

/** Gitea's `PushMirror`: the address without credentials, the interval as Go writes durations. */
export function toPushMirror(repo: Pick<RepositoryRow, 'name'>, mirror: PushMirrorRow): PushMirror {
  return {
    repo_name: repo.name,
    remote_name: mirror.remote_name,
    remote_address: mirror.remote_address,
    created: isoTime(mirror.created_unix),
    // null until the first push, as Gitea's *time.Time
    last_update: (mirror.last_update_unix === null ? null : isoTime(mirror.last_update_unix)) as string,
    last_error: mirror.last_error,
    interval: formatGoDuration(mirror.interval_seconds),
    sync_on_commit: mirror.sync_on_commit,
  };
}
