/** An author or committer: git's ident and a date git understands (`@<unix> +hhmm`). */
export interface CommitPerson {
  readonly name: string;
  readonly email: string;
  readonly date?: string;
}

/** The environment that makes `git commit-tree` record `person` as the author or the committer. */
export function identityEnv(role: 'AUTHOR' | 'COMMITTER', person: CommitPerson): Record<string, string> {
  const env: Record<string, string> = {
    [`GIT_${role}_NAME`]: person.name,
    [`GIT_${role}_EMAIL`]: person.email,
  };
  if (person.date) env[`GIT_${role}_DATE`] = person.date;
  return env;
}

/** Both identities of a commit. */
export function commitIdentityEnv(author: CommitPerson, committer: CommitPerson): Record<string, string> {
  return { ...identityEnv('AUTHOR', author), ...identityEnv('COMMITTER', committer) };
}
