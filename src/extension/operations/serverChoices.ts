import type { TeahouseClient } from '../../api/client';
import { operations } from '../../api/operations';
import type { ParameterRequest } from './argumentGathering';
import { describeItem } from './resultPresentation';
import { isPlainObject } from './valueParsing';

/** One thing a picker offers: what the user reads and the parameter value it stands for. */
export interface ServerChoice {
  readonly label: string;
  readonly description: string;
  readonly value: string | number;
  /** A repository choice fills its name too, so the next prompt need not ask. */
  readonly repo?: string;
}

type Item = Record<string, unknown>;

async function list(
  client: TeahouseClient,
  operationId: string,
  args: Record<string, unknown>,
): Promise<Item[]> {
  const operation = operations.find((candidate) => candidate.operationId === operationId);
  if (!operation) return [];
  const value = await client.send(operation, { limit: 50, ...args });
  // searches answer `{ ok, data: [...] }`
  const items = isPlainObject(value) && Array.isArray(value['data']) ? value['data'] : value;
  return Array.isArray(items) ? items.filter(isPlainObject) : [];
}

function choose(
  items: Item[],
  value: (item: Item) => unknown,
  extra?: (item: Item) => Partial<ServerChoice>,
): ServerChoice[] {
  return items.flatMap((item, position) => {
    const picked = value(item);
    if (typeof picked !== 'string' && typeof picked !== 'number') return [];
    return [{ ...describeItem(item, position), value: picked, ...extra?.(item) }];
  });
}

const login = (item: unknown): unknown =>
  isPlainObject(item) ? (item['login'] ?? item['username']) : undefined;

/**
 * What the server offers for a parameter, by its role: repositories for an owner, the repository's issues
 * for an index, and so on. Empty when the role has no list (the prompt is then a plain input).
 */
export async function serverChoices(
  client: TeahouseClient,
  request: ParameterRequest,
): Promise<ServerChoice[]> {
  const { known, param, operation } = request;
  // a team's repository is addressed as `{org}/{repo}`
  const repository = { owner: known['owner'] ?? known['org'], repo: known['repo'] };
  const hasRepository = typeof repository.owner === 'string' && typeof repository.repo === 'string';
  const org = known['org'];
  switch (request.role) {
    case 'owner':
      return choose(
        await list(client, 'repoSearch', {}),
        (item) => login(item['owner']),
        (item) => ({
          repo: typeof item['name'] === 'string' ? item['name'] : undefined,
        }),
      );
    case 'repo':
      return typeof repository.owner === 'string'
        ? choose(await list(client, 'repoSearch', {}), (item) =>
            login(item['owner']) === repository.owner ? item['name'] : undefined,
          )
        : [];
    case 'organization':
      return choose(await list(client, 'orgListCurrentUserOrgs', {}), (item) => item['username']);
    case 'user':
      return choose(await list(client, 'userSearch', { q: '' }), login);
    case 'issue':
      return hasRepository
        ? choose(
            await list(client, 'issueListIssues', { ...repository, state: 'all' }),
            (item) => item['number'],
          )
        : [];
    case 'pullRequest':
      return hasRepository
        ? choose(
            await list(client, 'repoListPullRequests', { ...repository, state: 'all' }),
            (item) => item['number'],
          )
        : [];
    case 'label':
      if (operation.path.startsWith('/orgs/') && typeof org === 'string')
        return choose(await list(client, 'orgListLabels', { org }), (item) => item['id']);
      return hasRepository
        ? choose(await list(client, 'issueListLabels', repository), (item) => item['id'])
        : [];
    case 'milestone':
      return hasRepository
        ? choose(
            await list(client, 'issueGetMilestones', { ...repository, state: 'all' }),
            (item) => item['id'],
          )
        : [];
    case 'team': {
      const teams =
        typeof org === 'string'
          ? await list(client, 'orgListTeams', { org })
          : await list(client, 'userListTeams', {});
      return choose(teams, (item) => (param.type === 'integer' ? item['id'] : item['name']));
    }
    case 'branch':
      return hasRepository
        ? choose(await list(client, 'repoListBranches', repository), (item) => item['name'])
        : [];
    case 'release':
      return hasRepository
        ? choose(await list(client, 'repoListReleases', repository), (item) => item['id'])
        : [];
    case 'other':
      return [];
  }
}
