// Branches, tags and git references.
import type { CommitMeta, CommitUser, PayloadCommit, PayloadCommitVerification } from './commit';

/** A repository branch */
export interface Branch {
  commit: PayloadCommit;
  effective_branch_protection_name: string;
  enable_status_check: boolean;
  name: string;
  protected: boolean;
  /** number of required approvals for pull requests */
  required_approvals: number;
  /** list of required status check contexts */
  status_check_contexts: string[];
  user_can_merge: boolean;
  user_can_push: boolean;
}

/** Options when creating a branch in a repository */
export interface CreateBranchRepoOption {
  new_branch_name: string;
  /** deprecated in current Gitea */
  old_branch_name?: string;
  old_ref_name?: string;
}

/** Options when updating a branch reference in a repository */
export interface UpdateBranchRepoOption {
  /** update even if the change is not a fast-forward */
  force?: boolean;
  /** new commit SHA (or any ref) the branch should point to */
  new_commit_id: string;
  /** expected old commit SHA of the branch; if provided it must match the current tip */
  old_commit_id?: string;
}

/** Options when renaming a branch in a repository */
export interface RenameBranchRepoOption {
  name: string;
}

/** A repository tag */
export interface Tag {
  commit: CommitMeta;
  id: string;
  message: string;
  name: string;
  tarball_url: string;
  zipball_url: string;
}

/** An annotated tag */
export interface AnnotatedTag {
  message: string;
  object: AnnotatedTagObject;
  sha: string;
  tag: string;
  tagger: CommitUser;
  url: string;
  verification: PayloadCommitVerification | null;
}

/** Meta information of the tag object */
export interface AnnotatedTagObject {
  sha: string;
  /** type of the tagged object (e.g., commit, tree) */
  type: string;
  url: string;
}

/** Options when creating a tag */
export interface CreateTagOption {
  message?: string;
  tag_name: string;
  /** target commit SHA or branch name for the tag */
  target?: string;
}

/** A tag protection */
export interface TagProtection {
  created_at: string;
  id: number;
  name_pattern: string;
  updated_at: string;
  /** list of team names allowed to create/delete protected tags */
  whitelist_teams: string[];
  /** list of usernames allowed to create/delete protected tags */
  whitelist_usernames: string[];
}

/** Options for creating a tag protection */
export interface CreateTagProtectionOption {
  name_pattern?: string;
  /** list of team names allowed to create/delete protected tags */
  whitelist_teams?: string[];
  /** list of usernames allowed to create/delete protected tags */
  whitelist_usernames?: string[];
}

/** Options for editing a tag protection */
export interface EditTagProtectionOption {
  name_pattern?: string;
  /** list of team names allowed to create/delete protected tags */
  whitelist_teams?: string[];
  /** list of usernames allowed to create/delete protected tags */
  whitelist_usernames?: string[];
}

/** A Git reference */
export interface Reference {
  object: GitObject;
  /** name of the Git reference (e.g., refs/heads/main) */
  ref: string;
  url: string;
}

/** A Git object */
export interface GitObject {
  sha: string;
  /** type of the Git object (e.g., commit, tag, tree, blob) */
  type: string;
  url: string;
}
