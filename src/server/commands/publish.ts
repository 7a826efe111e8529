import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { databaseFile } from '../config';
import { publishRepository } from '../services/publish/publisher';
import { defaultBranchWaitMs } from '../services/publish/pushedBranches';
import type { PublishProgress, PublishSummary } from '../services/publish/run';
import { Database } from '../store/database';
import { migrate } from '../store/migrations';
import { findRepositoryByName } from '../store/repositories';
import { CliError, exitCodes, type CliCommand } from './cliCommand';
import { positiveMilliseconds } from './durationOption';
import { openDataFolder } from './openDataFolder';
import { optionCommand } from './optionCommand';

export const tokenVariable = 'TEAHOUSE_PUBLISH_TOKEN';
/** The exit code of a run stopped by SIGINT or SIGTERM (what it sent is kept; run again to go on). */
export const cancelledExitCode = 130;

export const publishCommand: CliCommand = optionCommand({
  name: 'teahouse publish',
  summary: 'publish a repository with its tracker to another Gitea-compatible server',
  description: `Publishes a repository of the data folder to another Gitea, Forgejo or Teahouse server through its API:
the repository, every branch and tag, labels, milestones, issues and pull requests with their comments and
reviews, releases with their assets. Run it again to send only what changed since (works while a server
runs on the data folder). The target's token comes from $${tokenVariable} or --token-file.`,
  options: {
    data: { type: 'string', value: 'DIR', default: '.teahouse', description: 'the data folder' },
    repo: { type: 'string', value: 'OWNER/NAME', required: true, description: 'the repository to publish' },
    to: {
      type: 'string',
      value: 'URL',
      required: true,
      description: 'the target server, e.g. https://gitea.example.com/',
    },
    owner: {
      type: 'string',
      value: 'OWNER',
      description: "the user or organisation on the target (default: the token's user)",
    },
    name: {
      type: 'string',
      value: 'NAME',
      description: "the repository's name there (default: the local name)",
    },
    private: { type: 'boolean', description: 'private on the target (default: as here)' },
    public: { type: 'boolean', description: 'public on the target (default: as here)' },
    existing: {
      type: 'boolean',
      description: 'publish into a repository of that name that exists on the target already',
    },
    'token-file': {
      type: 'string',
      value: 'FILE',
      description: `read the token from FILE instead of $${tokenVariable}`,
    },
    insecure: {
      type: 'boolean',
      description: "accept the target's certificate without checking it (self-signed)",
    },
    'ca-file': { type: 'string', value: 'FILE', description: 'trust the authorities in this PEM file too' },
    proxy: {
      type: 'string',
      value: 'URL',
      description: 'reach the target through this proxy (default: $HTTPS_PROXY, $NO_PROXY)',
    },
    'branch-wait': {
      type: 'string',
      value: 'DURATION',
      default: `${defaultBranchWaitMs / 1000}s`,
      description:
        'how long to wait for the target to show the pushed branches (Gitea records those of a push into an empty repository a moment later)',
    },
    json: { type: 'boolean', description: 'progress and the summary as JSON lines on stdout' },
  },
  exitCodes: `Exit codes: 0 published, 1 failed, 2 usage error, ${cancelledExitCode} cancelled (SIGINT/SIGTERM; run again to go on).`,
  run: async (values, { usageError }) => {
    const [owner, name, ...rest] = values.repo.split('/');
    if (!owner || !name || rest.length > 0) throw usageError(`--repo takes OWNER/NAME, got "${values.repo}"`);
    if (values.private && values.public) throw usageError('--private and --public exclude each other');
    const token = readToken(values['token-file']);
    const dataDir = path.resolve(values.data);
    if (!existsSync(databaseFile(dataDir))) {
      throw new CliError(`no Teahouse data folder at ${dataDir} (no teahouse.db)`);
    }
    const branchWaitMs = positiveMilliseconds('--branch-wait', values['branch-wait'], usageError);
    return publish(dataDir, { owner, name }, token, { ...values, branchWaitMs });
  },
});

interface PublishValues {
  readonly repo: string;
  readonly to: string;
  readonly owner: string | undefined;
  readonly name: string | undefined;
  readonly private: boolean;
  readonly public: boolean;
  readonly existing: boolean;
  readonly insecure: boolean;
  readonly 'ca-file': string | undefined;
  readonly proxy: string | undefined;
  readonly branchWaitMs: number;
  readonly json: boolean;
}

async function publish(
  dataDir: string,
  local: { owner: string; name: string },
  token: string,
  values: PublishValues,
): Promise<number> {
  const db = new Database(databaseFile(dataDir));
  const controller = new AbortController();
  const stop = (): void => {
    if (controller.signal.aborted) process.exit(cancelledExitCode);
    controller.abort();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  try {
    openDataFolder(dataDir, () => migrate(db));
    const repo = findRepositoryByName(db, local.owner, local.name);
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
      branchWaitMs: values.branchWaitMs,
      onProgress: report.progress,
      signal: controller.signal,
    });
    report.summary(summary);
    return summary.cancelled ? cancelledExitCode : exitCodes.ok;
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(
      `cannot publish ${values.repo}: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    db.close();
  }
}

function readToken(file: string | undefined): string {
  const token = file === undefined ? process.env[tokenVariable] : readTokenFile(file);
  if (!token?.trim()) {
    throw new CliError(
      `no token for the target: set $${tokenVariable} or give --token-file FILE`,
      exitCodes.usage,
    );
  }
  return token.trim();
}

function readTokenFile(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new CliError(`cannot read the token file ${file}: ${(error as Error).message}`, exitCodes.usage);
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
