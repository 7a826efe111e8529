import { goFieldName } from '../domain/fieldNames';
import { invalid } from '../domain/errors';
import type { Database } from '../store/database';
import { touchIssue, type IssueRow } from '../store/issues';
import {
  addIssueLabels,
  labelsOfIssue,
  removeIssueLabel,
  usableLabelsByIds,
  usableLabelsByNames,
  type LabelRow,
} from '../store/labels';
import type { RepositoryRow } from '../store/repositories';
import { emitIssueEvent, type IssueActor } from './issuesEvents';
import { recordLabel, type TimelineWriter } from './issueTimeline';

const colorPattern = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i;

/**
 * One colour format: `#rrggbb`, `rrggbb` and the 3-digit short forms (Gitea normalises those too) are
 * accepted; labels are stored and answered as six lowercase hex digits without '#', as Gitea's API
 * answers them. Anything else is a 422.
 */
export function normalizeLabelColor(value: string, field = 'color'): string {
  const match = colorPattern.exec(value.trim());
  if (!match) throw invalid(`[${goFieldName(field)}]: invalid color "${value}": use #rrggbb or rrggbb`);
  const hex = match[1]!.toLowerCase();
  return hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
}

/** Gitea's ExclusiveScope: for an exclusive label `scope/value`, the part before the last slash. */
function exclusiveScope(label: LabelRow): string {
  if (!label.exclusive) return '';
  const slash = label.name.lastIndexOf('/');
  return slash <= 0 || slash === label.name.length - 1 ? '' : label.name.slice(0, slash);
}

/**
 * The labels an IssueLabelsOption names, by id or by name (both may be mixed): the repository's own and its
 * organization's. A reference to no such label is a 422, so a typo never passes silently.
 */
export function resolveIssueLabels(db: Database, repo: RepositoryRow, refs: readonly unknown[]): LabelRow[] {
  const ids: number[] = [];
  const names: string[] = [];
  for (const ref of refs) {
    if (typeof ref === 'number' && Number.isSafeInteger(ref)) ids.push(ref);
    else if (typeof ref === 'string') names.push(ref);
    else throw invalid('[Labels]: a label must be an integer or a string');
  }
  const byId = usableLabelsByIds(db, repo, ids);
  const missingId = ids.find((id) => !byId.some((l) => l.id === id));
  if (missingId !== undefined) throw invalid(`label does not exist [id: ${missingId}]`);
  const byName = usableLabelsByNames(db, repo, names);
  const missingName = names.find((name) => !byName.some((l) => l.name === name));
  if (missingName !== undefined) throw invalid(`label does not exist [name: ${missingName}]`);
  const unique = new Map([...byId, ...byName].map((l) => [l.id, l]));
  return [...unique.values()];
}

/** Removes a label from the issue with its timeline entry; false when the issue did not carry it. */
function detachLabel(writer: TimelineWriter, issueId: number, labelId: number): boolean {
  if (!removeIssueLabel(writer.db, issueId, labelId)) return false;
  recordLabel(writer, issueId, labelId, false);
  return true;
}

/**
 * Adds labels, each with its timeline entry; an exclusive `scope/x` label replaces the issue's other
 * exclusive labels of that scope.
 */
export function attachLabels(writer: TimelineWriter, issueId: number, labels: readonly LabelRow[]): boolean {
  const { db } = writer;
  let changed = false;
  for (const label of labels) {
    const scope = exclusiveScope(label);
    if (scope !== '') {
      for (const other of labelsOfIssue(db, issueId)) {
        if (other.id !== label.id && exclusiveScope(other) === scope) {
          changed = detachLabel(writer, issueId, other.id) || changed;
        }
      }
    }
    if (addIssueLabels(db, issueId, [label.id]) > 0) {
      recordLabel(writer, issueId, label.id, true);
      changed = true;
    }
  }
  return changed;
}

/** Removes every label of the issue, each with its timeline entry; answers how many went. */
function detachAllLabels(writer: TimelineWriter, issueId: number, keep: readonly LabelRow[] = []): number {
  let removed = 0;
  for (const label of labelsOfIssue(writer.db, issueId)) {
    if (keep.some((k) => k.id === label.id)) continue;
    if (detachLabel(writer, issueId, label.id)) removed++;
  }
  return removed;
}

/** POST: adds the labels; emits `label_updated` when the issue's labels changed. */
export function addLabelsToIssue(
  actor: IssueActor,
  repo: RepositoryRow,
  issue: IssueRow,
  labels: readonly LabelRow[],
): void {
  const changed = actor.db.transaction(() => {
    const result = attachLabels(actor, issue.id, labels);
    if (result) touchIssue(actor.db, issue.id);
    return result;
  });
  if (changed) emitIssueEvent(actor, repo, issue, 'label_updated', '_label');
}

/** PUT: the issue's labels become exactly these. */
export function replaceIssueLabels(
  actor: IssueActor,
  repo: RepositoryRow,
  issue: IssueRow,
  labels: readonly LabelRow[],
): void {
  actor.db.transaction(() => {
    detachAllLabels(actor, issue.id, labels);
    attachLabels(actor, issue.id, labels);
    touchIssue(actor.db, issue.id);
  });
  emitIssueEvent(actor, repo, issue, labels.length === 0 ? 'label_cleared' : 'label_updated', '_label');
}

/** DELETE one: a label the issue does not carry is not an error (Gitea answers 204 too). */
export function removeLabelFromIssue(
  actor: IssueActor,
  repo: RepositoryRow,
  issue: IssueRow,
  label: LabelRow,
): void {
  const removed = actor.db.transaction(() => {
    const result = detachLabel(actor, issue.id, label.id);
    if (result) touchIssue(actor.db, issue.id);
    return result;
  });
  if (removed) emitIssueEvent(actor, repo, issue, 'label_updated', '_label');
}

/** DELETE all. */
export function clearLabelsOfIssue(actor: IssueActor, repo: RepositoryRow, issue: IssueRow): void {
  const removed = actor.db.transaction(() => {
    const count = detachAllLabels(actor, issue.id);
    if (count > 0) touchIssue(actor.db, issue.id);
    return count;
  });
  if (removed > 0) emitIssueEvent(actor, repo, issue, 'label_cleared', '_label');
}
