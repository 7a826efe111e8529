import type { Cron } from '../../api/types';
import type { CronTaskState } from '../services/cron';
import { isoTime } from './time';

const isoOrZero = (ms: number | undefined): string => isoTime(ms === undefined ? 0 : Math.floor(ms / 1000));

/** Gitea's Cron: a task never run (or without a timer) shows Go's zero time. */
export function toCron(task: CronTaskState): Cron {
  return {
    name: task.name,
    schedule: task.schedule,
    next: isoOrZero(task.next),
    prev: isoOrZero(task.prev),
    exec_times: task.execTimes,
  };
}
