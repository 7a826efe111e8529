import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { databaseFile } from '../config';
import { publishRepository } from '../services/publish/publisher';
import type { PublishProgress, PublishSummary } from '../services/publish/run';
import { TargetFailure } from '../services/publish/targetApi';
import { Database } from '../store/database';
import { migrate } from '../store/migrations';
import { findRepositoryByName } from '../store/repositories';
import { CliError, type CliCommand } from './cliCommand';

export const tokenVariable = 'TEAHOUSE_PUBLISH_TOKEN';
/** The exit code of a run stopped by SIGINT or SIGTERM (what it sent is kept; run again to go on). */
export const cancelledExitCode = 130;

export const publishUsage = `Usage: teahouse publish --data DIR --repo OWNER/NAME --to URL [--owner OWNER] [--name NAME]
                        [--private | --public] [--existing] [--token-file FILE] [--json]
                        [--insecure] [--ca-file FILE] [--proxy URL]

Publishes a repository of the data folder to another Gitea, Forgejo or Teahouse server through its API:
the repository, every branch and tag, labels, milestones, issues and pull requests with their comments and
reviews, releases with their assets. Run it again to send only what changed since (works while a server
runs on the data folder). The target's token comes from $${tokenVariable} or --token-file.

  --to URL          the target server, e.g. https://gitea.example.com/
  --owner OWNER     the user or organisation on the target (default: the token's user)
  --name NAME       the repository's name on the target (default: the local name)
  --existing        publish into a repository of that name that exists on the target already
  --insecure        accept the target's certificate without checking it (self-signed)
  --ca-file FILE    trust the authorities in this PEM file too
  --proxy URL       reach the target through this proxy (default: $HTTPS_PROXY, $NO_PROXY)
  --json            progress and the summary as JSON lines on stdout

Exit codes: 0 published, 1 failed, 2 usage error, ${cancelledExitCode} cancelled (SIGINT/SIGTERM).`;

function parsePublishArgs(args: readonly string[]) {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...args],
      strict: true,
      options: {
        data: { type: 'string', default: '.teahouse' },
        repo: { type: 'string' },
        to: { type: 'string' },
        owner: { type: 'string' },
        name: { type: 'string' },
        private: { type: 'boolean' },
        public: { type: 'boolean' },
        existing: { type: 'boolean', default: false },
        insecure: { type: 'boolean', default: false },
        'ca-file': { type: 'string' },
        proxy: { type: 'string' },
        'token-file': { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n${publishUsage}`, 2);
  }
  return values;
}

export const runPublishCommand: CliCommand = async (args) => {
  const values = parsePublishArgs(args);
  if (values.help) {
    process.stdout.write(`${publishUsage}\n`);
    return 0;
  }
  const repoName = values.repo?.split('/');
  if (!repoName || repoName.length !== 2 || !repoName[0] || !repoName[1]) {
    throw new CliError(`--repo OWNER/NAME is required (the repository to publish)\n${publishUsage}`, 2);
  }
  if (!values.to) throw new CliError(`--to URL is required (the server to publish to)\n${publishUsage}`, 2);
  if (values.private && values.public) throw new CliError('--private and --public exclude each other', 2);
  const token = readToken(values['token-file']);
  const dataDir = path.resolve(values.data);
  if (!existsSync(databaseFile(dataDir))) {
    throw new CliError(
      `${dataDir} is not a Teahouse data folder (no teahouse.db); give it with --data DIR`,
      2,
    );
  }
  const db = new Database(databaseFile(dataDir));
  const controller = new AbortController();
  const stop = (): void => {
    if (controller.signal.aborted) process.exit(cancelledExitCode);
    controller.abort();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  try {
    migrate(db);
    const repo = findRepositoryByName(db, repoName[0], repoName[1]);
    if (!repo) throw new CliError(`there is no repository ${values.repo} in ${dataDir}`);
    const report = reporter(values.json);
    const summary = await publishRepository({
      db,
      dataDir,
      repo,
      serverUrl: values.to,
      token,
      owner: values.owner,
      name: values.name,
      private: values.private ? true : values.public ? false : undefined,
      existing: values.existing,
      connection: { insecure: values.insecure, caFile: values['ca-file'], proxy: values.proxy },
      onProgress: report.progress,
      signal: controller.signal,
    });
    report.summary(summary);
    return summary.cancelled ? cancelledExitCode : 0;
  } catch (error) {
    if (error instanceof TargetFailure) throw new CliError(`cannot publish ${values.repo}: ${error.message}`);
    if (error instanceof CliError) throw error;
    throw new CliError(
      `cannot publish ${values.repo}: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    db.close();
  }
};

function readToken(file: string | undefined): string {
  const token = file === undefined ? process.env[tokenVariable] : readTokenFile(file);
  if (!token?.trim()) {
    throw new CliError(`no token for the target: set $${tokenVariable} or give --token-file FILE`, 2);
  }
  return token.trim();
}

function readTokenFile(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new CliError(`cannot read the token file ${file}: ${(error as Error).message}`, 2);
  }
}

interface Reporter {
  progress(progress: PublishProgress): void;
  summary(summary: PublishSummary): void;
}

function reporter(json: boolean): Reporter {
  if (json) {
    const line = (value: unknown): void => void process.stdout.write(`${JSON.stringify(value)}\n`);
    return {
      progress: (progress) => line({ type: 'progress', ...progress }),
      summary: (summary) => line({ type: 'summary', ...summary }),
    };
  }
  let shown = '';
  return {
    progress: ({ phase, done, total }) => {
      // one line per phase and tenth, not per item
      const step = `${phase} ${Math.floor((done / Math.max(total, 1)) * 10)}`;
      if (step === shown) return;
      shown = step;
      process.stderr.write(`${phase}: ${done}/${total}\n`);
    },
    summary: (summary) => process.stdout.write(describeSummary(summary)),
  };
}

export function describeSummary(s: PublishSummary): string {
  const kinds = ['label', 'milestone', 'issue', 'comment', 'review', 'release', 'asset'] as const;
  const row = (title: string, counts: Record<(typeof kinds)[number], number>): string =>
    `  ${title.padEnd(10)}${kinds.map((k) => `${counts[k]} ${k}s`).join(', ')}\n`;
  let text = `${s.cancelled ? 'Cancelled; run again to go on. Sent so far to' : 'Published to'} ${s.htmlUrl}${s.repositoryCreated ? ' (new repository)' : ''}\n`;
  text += `  git       ${s.refsPushed} refs pushed${s.refsRejected.length ? `, ${s.refsRejected.length} refused: ${s.refsRejected.join('; ')}` : ''}\n`;
  text +=
    row('created', s.created) +
    row('updated', s.updated) +
    row('deleted', s.deleted) +
    row('unchanged', s.unchanged);
  if (s.renumbered.length > 0) {
    const shown = s.renumbered
      .slice(0, 5)
      .map((r) => `#${r.local} → #${r.remote}`)
      .join(', ');
    text += `  numbers   differ on the target (it was not empty): ${shown}${s.renumbered.length > 5 ? ', …' : ''}\n`;
  }
  for (const warning of s.warnings) text += `  warning   ${warning}\n`;
  text += `  ${s.requests.reads + s.requests.writes} API requests (${s.requests.writes} writes) in ${s.seconds.toFixed(1)} s\n`;
  return text;
}
