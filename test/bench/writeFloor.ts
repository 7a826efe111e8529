// The floor of the write rows: the same SQLite work the API does for one write, done by a bare script in
// its own process through the server's own store functions (the issue row with its labels, the search
// index rows its triggers write, the counters; a comment; a label added and removed), one transaction per
// write, back to back. Prints `{"perSecond": N}`. Run while the server is idle on the same data folder.
import { databaseFile } from '../../src/server/config';
import { insertComment } from '../../src/server/store/comments';
import { Database } from '../../src/server/store/database';
import { insertIssue, touchIssue } from '../../src/server/store/issues';
import { addIssueLabels, removeIssueLabel } from '../../src/server/store/labels';
import { commentedIssue, labelledIssue, type FloorArguments, type WriteKind } from './writes';

function main(): void {
  const args = JSON.parse(process.argv[2]!) as FloorArguments;
  const db = new Database(databaseFile(args.dataDir));
  const issueId = (number: number): number =>
    db.get<{ id: number }>('SELECT id FROM issue WHERE repo_id = ? AND number = ?', args.repoId, number)!.id;
  const commented = issueId(commentedIssue);
  const labelled = issueId(labelledIssue);
  const write: Record<WriteKind, (n: number) => void> = {
    issue: (n) =>
      insertIssue(db, {
        repoId: args.repoId,
        posterId: args.posterId,
        title: `Filed by the floor ${n}`,
        content: 'The list is slow.',
        labelIds: args.labelIds,
      }),
    comment: (n) =>
      db.transaction(() => {
        insertComment(db, { issueId: commented, posterId: args.posterId, content: `Comment ${n}` });
        touchIssue(db, commented);
      }),
    label: (n) =>
      db.transaction(() => {
        if (n % 2 === 0) addIssueLabels(db, labelled, [args.labelIds[0]!]);
        else removeIssueLabel(db, labelled, args.labelIds[0]!);
        touchIssue(db, labelled);
      }),
  };
  const end = performance.now() + args.seconds * 1000;
  const started = performance.now();
  let done = 0;
  while (performance.now() < end) write[args.kind](done++);
  db.close();
  console.log(JSON.stringify({ perSecond: done / ((performance.now() - started) / 1000) }));
}

main();
