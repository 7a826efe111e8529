import type { GitHook } from '../../api/types';
import type { UserGitHook } from '../git/userHooks';

/** Gitea's ToGitHook: the script only when the hook is set (Gitea's sample scripts are not shown). */
export function toGitHook(hook: UserGitHook): GitHook {
  return { name: hook.name, is_active: hook.isActive, content: hook.content };
}
