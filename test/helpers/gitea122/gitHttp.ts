import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { runHttpBackend, type GitHttpService } from '../../../src/server/git/httpBackend';
import { commitInitialFiles, initBareRepository } from '../../../src/server/git/init';
import { listBranches } from '../../../src/server/git/refs';
import { runGit } from '../../../src/server/git/run';
import { recordedRepo } from './recorded';
import type { DoubleRepo, DoubleUser, DoubleWorld } from './world';

/**
 * Git over HTTP for the double: real bare repositories served by `git http-backend`. A push into a
 * repository Gitea holds as empty is recorded later, as Gitea's push queue does it
 * (services/repository/push.go): until then the API shows the repository empty, finds none of its branches
 * (the routes that read branches open no git repository for an empty one), and refuses a pull request from
 * them with 404; when it is recorded, the first branch it records (the pushed ones come in name order)
 * becomes the default branch.
 */

export interface GitHttp {
  /** Serves `/{owner}/{name}.git/…`; false when the path is not a repository's. */
  serve(req: IncomingMessage, res: ServerResponse, user: DoubleUser | undefined): Promise<boolean>;
  /** Stops pending recordings. */
  close(): void;
}

const gitPath = /^\/([^/]+)\/([^/]+?)\.git\/(info\/refs|git-upload-pack|git-receive-pack)$/;

/** The recorded world's repository as real git: main with a README, feature/x beside it, tag v0.1.0. */
async function buildRecordedRepository(gitDir: string): Promise<void> {
  await initBareRepository(gitDir, { defaultBranch: 'main', objectFormat: 'sha1' });
  const author = { name: 'root', email: 'root@example.com', when: 1_795_884_622 };
  const main = await commitInitialFiles(gitDir, {
    branch: 'main',
    message: 'Initial commit',
    author,
    files: new Map([['README.md', '# rec-1128165022\n\nRecording repo 1128165022\n']]),
  });
  await commitInitialFiles(gitDir, {
    branch: 'feature/x',
    message: 'Add feature X docs',
    author,
    files: new Map([
      ['README.md', '# rec-1128165022\n\nFeature X lives here.\n'],
      ['feature-x.md', '# Feature X\n'],
    ]),
  });
  await runGit(['update-ref', 'refs/tags/v0.1.0', main], { gitDir });
}

export function gitHttp(
  world: DoubleWorld,
  dataDir: string,
  /** How long after a push into an empty repository Gitea records it; Infinity: never. */
  recordAfterMs: number,
): GitHttp {
  const timers = new Set<NodeJS.Timeout>();
  let recordedGitDir: Promise<string> | undefined;

  const record = (repo: DoubleRepo, branches: readonly string[]): void => {
    if (!repo.empty || branches.length === 0 || !Number.isFinite(recordAfterMs)) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!repo.empty) return;
      repo.empty = false;
      repo.defaultBranch = [...branches].sort()[0]!;
    }, recordAfterMs);
    timers.add(timer);
  };

  const gitDirOf = (owner: string, name: string): Promise<string> | string | undefined => {
    const repo = world.repo(owner, name);
    if (repo) return repo.gitDir;
    if (owner !== recordedRepo.owner || name !== recordedRepo.name) return undefined;
    recordedGitDir ??= (async () => {
      const gitDir = path.join(dataDir, 'recorded.git');
      await buildRecordedRepository(gitDir);
      return gitDir;
    })();
    return recordedGitDir;
  };

  return {
    async serve(req, res, user) {
      const url = new URL(req.url ?? '/', 'http://double.invalid');
      const match = gitPath.exec(url.pathname);
      if (!match) return false;
      const [, owner = '', name = '', service = ''] = match;
      const pushing =
        service === 'git-receive-pack' || url.searchParams.get('service') === 'git-receive-pack';
      const repo = world.repo(owner, name);
      const allowed = repo ? (pushing ? world.canWrite(repo, user) : world.canRead(repo, user)) : !pushing;
      const gitDir = allowed ? await gitDirOf(owner, name) : undefined;
      if (gitDir === undefined) {
        if (user === undefined && (repo !== undefined || pushing)) {
          res.writeHead(401, { 'www-authenticate': 'Basic realm="Gitea"', 'content-type': 'text/plain' });
          res.end('Unauthorized\n');
        } else {
          res.writeHead(repo ? 403 : 404, { 'content-type': 'text/plain' });
          res.end(repo ? 'Forbidden\n' : 'Not found\n');
        }
        return true;
      }
      const result = await runHttpBackend({
        req,
        res,
        gitDir,
        service: service as GitHttpService,
        queryString: url.search.replace(/^\?/, ''),
        remoteUser: user?.login,
        config: pushing ? ['http.receivepack=true'] : [],
      });
      if (repo && service === 'git-receive-pack' && result.completed) {
        record(
          repo,
          (await listBranches(repo.gitDir)).map((branch) => branch.name),
        );
      }
      return true;
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
