import { sourceLabels, sourceMilestones } from '../../store/publishSource';
import { deleteGone, LedgerKind, syncItem, type PublishRun } from './run';
import { fingerprint } from './text';

interface Named {
  readonly id: number;
  readonly name?: string;
  readonly title?: string;
}

/**
 * Remote objects of a list by lower-cased name, read once and only when some local object is not in the
 * ledger yet and the remote repository existed before this run (a label there of the same name is adopted,
 * not duplicated).
 */
async function adoptable(run: PublishRun, ledger: LedgerKind, localIds: readonly number[], path: string) {
  if (run.summary.repositoryCreated || localIds.every((id) => ledger.get(id)))
    return new Map<string, number>();
  const remote = await run.api.list<Named>(
    `${run.remotePath}${path}`,
    path === '/milestones' ? { state: 'all' } : {},
  );
  return new Map(remote.map((item) => [(item.name ?? item.title ?? '').toLowerCase(), item.id]));
}

/** Labels: created, edited, adopted by name, deleted on the target when deleted here. Local id → remote id. */
export async function publishLabels(run: PublishRun): Promise<Map<number, number>> {
  const ledger = new LedgerKind(run.db, run.targetId, 'label');
  const labels = sourceLabels(run.db, run.localRepo.id);
  const existing = await adoptable(
    run,
    ledger,
    labels.map((l) => l.id),
    '/labels',
  );
  const remoteIds = new Map<number, number>();
  let done = 0;
  for (const label of labels) {
    const body = { name: label.name, color: `#${label.color}`, description: label.description };
    const remoteId = await syncItem(
      run,
      ledger,
      label.id,
      fingerprint(body),
      async () => {
        const adopted = existing.get(label.name.toLowerCase());
        if (adopted !== undefined) {
          await run.api.call('PATCH', `${run.remotePath}/labels/${adopted}`, body);
          return adopted;
        }
        return (await run.api.call<{ id: number }>('POST', `${run.remotePath}/labels`, body)).id;
      },
      async (id) => {
        await run.api.call('PATCH', `${run.remotePath}/labels/${id}`, body);
      },
    );
    remoteIds.set(label.id, remoteId);
    run.progress('labels', ++done, labels.length);
  }
  await deleteGone(run, ledger, new Set(labels.map((l) => l.id)), (id) => `${run.remotePath}/labels/${id}`);
  return remoteIds;
}

/** Milestones, the same way; closed ones are closed on the target. Local id → remote id. */
export async function publishMilestones(run: PublishRun): Promise<Map<number, number>> {
  const ledger = new LedgerKind(run.db, run.targetId, 'milestone');
  const milestones = sourceMilestones(run.db, run.localRepo.id);
  const existing = await adoptable(
    run,
    ledger,
    milestones.map((m) => m.id),
    '/milestones',
  );
  const remoteIds = new Map<number, number>();
  let done = 0;
  for (const milestone of milestones) {
    const body = {
      title: milestone.name,
      description: milestone.content,
      due_on:
        milestone.deadline_unix > 0 ? new Date(milestone.deadline_unix * 1000).toISOString() : undefined,
      state: milestone.is_closed ? 'closed' : 'open',
    };
    const edit = async (id: number): Promise<void> => {
      await run.api.call('PATCH', `${run.remotePath}/milestones/${id}`, body);
    };
    const remoteId = await syncItem(
      run,
      ledger,
      milestone.id,
      fingerprint(body),
      async () => {
        const adopted = existing.get(milestone.name.toLowerCase());
        if (adopted !== undefined) {
          await edit(adopted);
          return adopted;
        }
        const created = await run.api.call<{ id: number; state?: string }>(
          'POST',
          `${run.remotePath}/milestones`,
          body,
        );
        // Gitea before 1.16 ignores `state` on creation
        if (milestone.is_closed && created.state !== 'closed') await edit(created.id);
        return created.id;
      },
      edit,
    );
    remoteIds.set(milestone.id, remoteId);
    run.progress('milestones', ++done, milestones.length);
  }
  await deleteGone(
    run,
    ledger,
    new Set(milestones.map((m) => m.id)),
    (id) => `${run.remotePath}/milestones/${id}`,
  );
  return remoteIds;
}
