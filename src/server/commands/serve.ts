import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { createTeahouseServer, type TeahouseServer } from '../app';
import {
  defaultAttachmentMaxBytes,
  defaultBodyLimit,
  defaultConfig,
  defaultMarkdownTimeoutMs,
  defaultMirrorIntervalSeconds,
  defaultWebhookRetryBaseMs,
  defaultWebhookTimeoutMs,
  minMirrorIntervalSeconds,
  type ServerConfig,
} from '../config';
import { AllowedHosts } from '../services/addressPolicy';
import { ensureFirstAdmin } from '../services/bootstrap';
import { formatGoDuration, parseGoDuration } from '../services/goDuration';
import { createLogger } from '../log';
import { openLogFile } from '../logFile';
import { DataFolderHeld } from '../store/dataFolderLock';
import { CliError, exitCodes, type CliCommand } from './cliCommand';
import { positiveMilliseconds } from './durationOption';
import { openDataFolder } from './openDataFolder';
import { optionCommand, type OptionSpecs, type OptionValues } from './optionCommand';
import { assertWritableDataFolder } from './dataFolderCheck';
import { startWorkers, type Workers } from '../cluster/clusterPrimary';
import { runWorker } from '../cluster/clusterWorker';

const serveOptions = {
  data: {
    type: 'string',
    value: 'DIR',
    default: '.teahouse',
    description: 'the data folder: teahouse.db, repositories/, attachments/',
  },
  host: { type: 'string', value: 'HOST', default: '127.0.0.1', description: 'the address to listen on' },
  port: {
    type: 'string',
    value: 'N',
    default: '3000',
    description: 'the port to listen on; 0 picks a free one',
  },
  workspace: {
    type: 'list',
    value: 'DIR',
    description: "a folder whose git repositories are hosted in place (the workspace's own)",
  },
  'root-url': {
    type: 'string',
    value: 'URL',
    description: 'the public URL in answers and clone links (default http://HOST:PORT/)',
  },
  'log-level': {
    type: 'string',
    value: 'LEVEL',
    default: 'info',
    choices: ['info', 'debug'],
    description: 'how much to log on stderr',
  },
  'body-limit': {
    type: 'string',
    value: 'BYTES',
    default: String(defaultBodyLimit),
    description: 'the largest request body accepted (413 beyond)',
  },
  'attachment-max-size': {
    type: 'string',
    value: 'BYTES',
    default: String(defaultAttachmentMaxBytes),
    description: 'the largest release attachment (413 beyond)',
  },
  'allowed-hosts': {
    type: 'list',
    value: 'HOST,...',
    description: 'loopback or private hosts webhooks and migrations may reach anyway',
  },
  'mirror-interval': {
    type: 'string',
    value: 'DURATION',
    default: formatGoDuration(defaultMirrorIntervalSeconds),
    description: `how often mirrors sync unless they chose (at least ${formatGoDuration(minMirrorIntervalSeconds)})`,
  },
  'webhook-timeout': {
    type: 'string',
    value: 'DURATION',
    default: `${defaultWebhookTimeoutMs}ms`,
    description: 'how long a webhook receiver may take to answer',
  },
  'webhook-retry-base': {
    type: 'string',
    value: 'DURATION',
    default: `${defaultWebhookRetryBaseMs}ms`,
    description: "the delay before a failed delivery's first retry (later ones grow)",
  },
  'markdown-timeout': {
    type: 'string',
    value: 'DURATION',
    default: `${defaultMarkdownTimeoutMs}ms`,
    description: 'how long one markdown render may take before the escaped text is answered',
  },
  'enable-git-hooks': {
    type: 'boolean',
    description: 'let allowed repository administrators set server-side git hooks, and run them on push',
  },
  'stop-when-unused': {
    type: 'string',
    value: 'DURATION',
    description:
      'stop this long after the last VS Code window sharing the server left (unless one keeps it running)',
  },
  'log-file': {
    type: 'string',
    value: 'FILE',
    description: 'append the log to FILE instead of stderr (kept under 10 MiB, the older part in FILE.1)',
  },
  workers: {
    type: 'string',
    value: 'N',
    default: '1',
    description:
      'processes answering requests: N, or auto (one per core); with more than 1, a primary process serves the writes and runs the background work',
  },
  'no-first-admin': {
    type: 'boolean',
    description:
      'create no administrator on the first start (VS Code asks for one over the control path instead)',
  },
} as const satisfies OptionSpecs;

type Fail = (message: string) => CliError;

function serveConfig(values: OptionValues<typeof serveOptions>, fail: Fail): ServerConfig {
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port) || port > 65535) throw fail(`--port must be 0..65535, got '${values.port}'`);
  const bodyLimit = Number(values['body-limit']);
  if (!Number.isSafeInteger(bodyLimit) || bodyLimit < 1)
    throw fail(`--body-limit must be a positive number of bytes, got '${values['body-limit']}'`);
  const attachmentMaxBytes = Number(values['attachment-max-size']);
  if (!Number.isSafeInteger(attachmentMaxBytes) || attachmentMaxBytes < 1)
    throw fail(
      `--attachment-max-size must be a positive number of bytes, got '${values['attachment-max-size']}'`,
    );
  let rootUrl = values['root-url'];
  if (rootUrl !== undefined) {
    if (!URL.canParse(rootUrl) || !/^https?:$/.test(new URL(rootUrl).protocol)) {
      throw fail(`--root-url must be an http(s) URL like http://teahouse.example:3000/, got '${rootUrl}'`);
    }
    rootUrl = rootUrl.endsWith('/') ? rootUrl : `${rootUrl}/`;
  }
  const allowedHosts = values['allowed-hosts']
    .flatMap((entry) => entry.split(','))
    .map((entry) => entry.trim());
  try {
    new AllowedHosts(allowedHosts);
  } catch (error) {
    throw fail(`--allowed-hosts: ${(error as Error).message}`);
  }
  const mirrorInterval = parseGoDuration(values['mirror-interval']);
  if (mirrorInterval === undefined || mirrorInterval < minMirrorIntervalSeconds) {
    throw fail(
      `--mirror-interval must be a duration of at least ${formatGoDuration(minMirrorIntervalSeconds)}, like 8h or 30m, got '${values['mirror-interval']}'`,
    );
  }
  return defaultConfig({
    dataDir: path.resolve(values.data),
    host: values.host,
    port,
    workspaces: values.workspace.map((dir) => path.resolve(dir)),
    rootUrl,
    logLevel: values['log-level'] === 'debug' ? 'debug' : 'info',
    bodyLimit,
    attachmentMaxBytes,
    allowedHosts: allowedHosts.filter((entry) => entry !== ''),
    mirrorIntervalSeconds: mirrorInterval,
    webhookTimeoutMs: positiveMilliseconds('--webhook-timeout', values['webhook-timeout'], fail),
    webhookRetryBaseMs: positiveMilliseconds('--webhook-retry-base', values['webhook-retry-base'], fail),
    markdownTimeoutMs: positiveMilliseconds('--markdown-timeout', values['markdown-timeout'], fail),
    enableGitHooks: values['enable-git-hooks'],
    ...(values['stop-when-unused'] !== undefined && {
      stopWhenUnusedMs: positiveMilliseconds('--stop-when-unused', values['stop-when-unused'], fail),
    }),
  });
}

/**
 * Resolves once SIGINT or SIGTERM arrives. The handlers stay installed: a repeated signal during the
 * drain must not kill the process before the database is closed (the drain has its own time limit).
 */
function stopSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    process.on('SIGINT', resolve);
    process.on('SIGTERM', resolve);
  });
}

export const serveCommand: CliCommand = optionCommand({
  name: 'teahouse serve',
  summary: 'run the local hosting server',
  description: `Runs the local hosting server: Gitea's REST API v1 under /api/v1, git over HTTP, webhooks.
Prints "Teahouse listening on URL" when ready; the first start creates an administrator and prints its
password once. Ctrl-C or SIGTERM stops it after the requests in flight.
One server per data folder: it holds the folder's lock while it runs, and a second one on the same folder
exits at once (code 3), naming the server that holds it. VS Code windows share that one server.`,
  options: serveOptions,
  exitCodes:
    'Exit codes: 0 stopped, 1 failure, 2 usage error, 3 the data folder is held by another Teahouse process.',
  run: (values, { usageError }) => {
    const config = serveConfig(values, usageError);
    if (cluster.isWorker) return runWorker(config);
    return serve(config, {
      firstAdmin: !values['no-first-admin'],
      logFile: values['log-file'],
      workers: workerCount(values.workers, usageError),
    });
  },
});

const maxWorkers = 64;

function workerCount(value: string, fail: Fail): number {
  if (value === 'auto') return Math.min(maxWorkers, availableParallelism());
  const count = Number(value);
  if (!/^\d+$/.test(value) || count < 1 || count > maxWorkers)
    throw fail(`--workers must be 1..${maxWorkers} or auto, got '${value}'`);
  return count;
}

/** The server and where its log goes (where the workers' lines go too). */
function openServer(
  config: ServerConfig,
  logFile: string | undefined,
): { server: TeahouseServer; write: (text: string) => void } {
  const file = logFile === undefined ? undefined : openLogFile(path.resolve(logFile));
  const write = file ? (text: string) => file.write(text) : (text: string) => process.stderr.write(text);
  const log = createLogger(config.logLevel, write, { batch: true });
  try {
    const server = openDataFolder(config.dataDir, () => createTeahouseServer(config, log));
    if (file) server.onStop(() => file.close());
    return { server, write };
  } catch (error) {
    file?.close();
    if (error instanceof DataFolderHeld) throw new CliError(error.message, exitCodes.held);
    throw error;
  }
}

async function serve(
  config: ServerConfig,
  options: { readonly firstAdmin: boolean; readonly logFile: string | undefined; readonly workers: number },
): Promise<number> {
  assertWritableDataFolder(config.dataDir);
  const { server, write } = openServer(config, options.logFile);
  const signal = stopSignal();
  let workers: Workers | undefined;
  try {
    const admin = options.firstAdmin ? ensureFirstAdmin(server.db) : undefined;
    if (options.workers > 1) workers = await startWorkers(server, config, options.workers, write);
    const { listenUrl } = workers ?? (await server.listen());
    if (admin) {
      // Shown once, like Jupyter's token: only the hash is kept.
      process.stdout.write(
        `Created the administrator "${admin.username}" with the password "${admin.password}" (shown only this once)\n`,
      );
    }
    process.stdout.write(`Teahouse listening on ${listenUrl}\n`);
    server.log.info(
      `data in ${config.dataDir}; ${config.workspaces.length} workspace folder(s)` +
        (workers ? `; ${options.workers} worker processes` : ''),
    );
  } catch (error) {
    await server.stop();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      throw new CliError(`port ${config.port} on ${config.host} is in use; pick another with --port`);
    if (code === 'EACCES') throw new CliError(`not allowed to listen on ${config.host}:${config.port}`);
    throw error;
  }
  const reason = await Promise.race([
    signal.then((received) => {
      server.log.info(`${received}: stopping`);
      return 'signal' as const;
    }),
    server.stopRequested.then((requested) => {
      server.log.info(requested === 'unused' ? 'unused: stopping' : 'asked over the control path: stopping');
      return requested;
    }),
  ]);
  await server.stop(reason, workers?.stop);
  return 0;
}
