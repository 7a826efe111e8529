import { ServerCapabilities } from '../../src/api/capabilities';
import { defaultApiLimits } from '../../src/api/serverProfile';

/** What the extension decides for a server of this `/version` (`1.22.0+dev-…`, `1.27.1+teahouse-0.1.0`). */
export function capabilitiesOf(version: string, kind: 'gitea' | 'teahouse' = 'gitea'): ServerCapabilities {
  return new ServerCapabilities({
    kind,
    version,
    giteaVersion: version.split('+')[0],
    limits: defaultApiLimits,
    limitsFromServer: false,
    readAt: '',
  });
}
