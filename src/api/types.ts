/** Resource and option types of the Gitea API v1, with Gitea's field names. */

export interface ServerVersion {
  version: string;
}

export interface Issue {
  id: number;
  number: number;
  title: string;
}

/** Every type the catalogue may name, by Gitea's definition name. */
export interface TypeRegistry {
  ServerVersion: ServerVersion;
  Issue: Issue;
}

export type TypeName = keyof TypeRegistry;
