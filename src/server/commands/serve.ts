import path from 'node:path';
import { parseArgs } from 'node:util';
import { createTeahouseServer } from '../app';
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
import { CliError, type CliCommand } from './cliCommand';
import { assertWritableDataFolder } from './dataFolderCheck';

export const serveUsage = `Usage: teahouse serve [--data DIR] [--host 127.0.0.1] [--port 3000] [--workspace DIR]...
                      [--root-url URL] [--log-level info|debug] [--body-limit BYTES]
                      [--attachment-max-size BYTES]
                      [--allowed-hosts HOST,...] [--mirror-interval DURATION]
                      [--webhook-timeout DURATION] [--webhook-retry-base DURATION]
                      [--markdown-timeout DURATION] [--enable-git-hooks]`;

function parseServeArgs(args: readonly string[]): ServerConfig {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...args],
      strict: true,
      options: {
        data: { type: 'string', default: '.teahouse' },
        host: { type: 'string', default: '127.0.0.1' },
        port: { type: 'string', default: '3000' },
        workspace: { type: 'string', multiple: true, default: [] },
        'root-url': { type: 'string' },
        'log-level': { type: 'string', default: 'info' },
        'body-limit': { type: 'string', default: String(defaultBodyLimit) },
        'attachment-max-size': { type: 'string', default: String(defaultAttachmentMaxBytes) },
        'allowed-hosts': { type: 'string', multiple: true, default: [] },
        'mirror-interval': { type: 'string', default: formatGoDuration(defaultMirrorIntervalSeconds) },
        'webhook-timeout': { type: 'string', default: `${defaultWebhookTimeoutMs}ms` },
        'webhook-retry-base': { type: 'string', default: `${defaultWebhookRetryBaseMs}ms` },
        'markdown-timeout': { type: 'string', default: `${defaultMarkdownTimeoutMs}ms` },
        'enable-git-hooks': { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n${serveUsage}`, 2);
  }
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port) || port > 65535)
    throw new CliError(`--port must be 0..65535, got "${values.port}"`, 2);
  const logLevel = values['log-level'];
  if (logLevel !== 'info' && logLevel !== 'debug') throw new CliError(`--log-level must be info or debug`, 2);
  const bodyLimit = Number(values['body-limit']);
  if (!Number.isSafeInteger(bodyLimit) || bodyLimit < 1)
    throw new CliError('--body-limit must be a positive number of bytes', 2);
  const attachmentMaxBytes = Number(values['attachment-max-size']);
  if (!Number.isSafeInteger(attachmentMaxBytes) || attachmentMaxBytes < 1)
    throw new CliError('--attachment-max-size must be a positive number of bytes', 2);
  let rootUrl = values['root-url'];
  if (rootUrl !== undefined) {
    if (!URL.canParse(rootUrl) || !/^https?:$/.test(new URL(rootUrl).protocol)) {
      throw new CliError(`--root-url must be an http(s) URL, got "${rootUrl}"`, 2);
    }
    rootUrl = rootUrl.endsWith('/') ? rootUrl : `${rootUrl}/`;
  }
  const allowedHosts = values['allowed-hosts']
    .flatMap((entry) => entry.split(','))
    .map((entry) => entry.trim());
  try {
    new AllowedHosts(allowedHosts);
  } catch (error) {
    throw new CliError(`--allowed-hosts: ${(error as Error).message}`, 2);
  }
  const mirrorInterval = parseGoDuration(values['mirror-interval']);
  if (mirrorInterval === undefined || mirrorInterval < minMirrorIntervalSeconds) {
    throw new CliError(
      `--mirror-interval must be a duration of at least ${formatGoDuration(minMirrorIntervalSeconds)}, like 8h or 30m`,
      2,
    );
  }
  const webhookTimeoutMs = positiveMilliseconds('--webhook-timeout', values['webhook-timeout']);
  const webhookRetryBaseMs = positiveMilliseconds('--webhook-retry-base', values['webhook-retry-base']);
  const markdownTimeoutMs = positiveMilliseconds('--markdown-timeout', values['markdown-timeout']);
  return defaultConfig({
    dataDir: path.resolve(values.data),
    host: values.host,
    port,
    workspaces: values.workspace.map((dir) => path.resolve(dir)),
    rootUrl,
    logLevel,
    bodyLimit,
    attachmentMaxBytes,
    allowedHosts: allowedHosts.filter((entry) => entry !== ''),
    mirrorIntervalSeconds: mirrorInterval,
    webhookTimeoutMs,
    webhookRetryBaseMs,
    markdownTimeoutMs,
    enableGitHooks: values['enable-git-hooks'],
  });
}

/** A Go duration (`5s`, `250ms`) as whole milliseconds, at least 1. */
function positiveMilliseconds(flag: string, value: string): number {
  const seconds = parseGoDuration(value);
  if (seconds === undefined || seconds * 1000 < 1)
    throw new CliError(`${flag} must be a duration like 5s or 250ms`, 2);
  return Math.round(seconds * 1000);
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

export const runServeCommand: CliCommand = async (args) => {
  const config = parseServeArgs(args);
  assertWritableDataFolder(config.dataDir);
  const server = createTeahouseServer(config);
  const signal = stopSignal();
  try {
    const admin = ensureFirstAdmin(server.db);
    const { listenUrl } = await server.listen();
    if (admin) {
      // Shown once, like Jupyter's token: only the hash is kept.
      process.stdout.write(
        `Created the administrator "${admin.username}" with the password "${admin.password}" (shown only this once)\n`,
      );
    }
    process.stdout.write(`Teahouse listening on ${listenUrl}\n`);
    server.log.info(`data in ${config.dataDir}; ${config.workspaces.length} workspace folder(s)`);
  } catch (error) {
    await server.stop();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      throw new CliError(`port ${config.port} on ${config.host} is in use; pick another with --port`);
    if (code === 'EACCES') throw new CliError(`not allowed to listen on ${config.host}:${config.port}`);
    throw error;
  }
  const received = await signal;
  server.log.info(`${received}: stopping`);
  await server.stop();
  return 0;
};
