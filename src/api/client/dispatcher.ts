import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import { Agent, EnvHttpProxyAgent, type Dispatcher } from '../undici/parts';
import { resolveTimeouts, type ClientOptions } from './options';

/**
 * The client's one dispatcher: a keep-alive pool with the timeouts, trusted CAs and proxy of `options`.
 * The CA file is read once, here.
 */
export function createDispatcher(options: ClientOptions): Dispatcher {
  const timeouts = resolveTimeouts(options.timeout);
  const tls = {
    // the file adds to the system's authorities instead of replacing them
    ...(options.caFile !== undefined && { ca: [...rootCertificates, readFileSync(options.caFile, 'utf8')] }),
    ...(options.ignoreCertificateErrors === true && { rejectUnauthorized: false }),
    timeout: timeouts.connectMs,
  };
  const agentOptions = {
    headersTimeout: timeouts.headersMs,
    bodyTimeout: timeouts.bodyMs,
    connect: tls,
  };
  const proxy = options.proxy ?? 'environment';
  if (proxy === 'none') return new Agent(agentOptions);
  return new EnvHttpProxyAgent({
    ...agentOptions,
    // through a proxy, `connect` is the tunnel: the server's TLS settings move to `requestTls`
    requestTls: tls,
    proxyTls: { timeout: timeouts.connectMs },
    // plain-HTTP servers are reached by forwarding (absolute-URI requests), as HTTP proxies expect
    proxyTunnel: false,
    ...(proxy !== 'environment' && {
      httpProxy: proxy.url,
      httpsProxy: proxy.url,
      noProxy: proxy.noProxy ?? '',
    }),
  });
}
