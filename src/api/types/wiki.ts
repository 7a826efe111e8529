import type { CommitUser } from './commit';

/** A commit of a repository's wiki. Gitea spells the committer's key `commiter`. */
export interface WikiCommit {
  /** The commit SHA hash */
  sha: string;
  author: CommitUser;
  commiter: CommitUser;
  /** The commit message */
  message: string;
}

/** A wiki page's name, links and last commit (the items of the page list) */
export interface WikiPageMetaData {
  /** The title of the wiki page */
  title: string;
  /** The HTML URL to view the wiki page */
  html_url: string;
  /** The sub URL path for the wiki page */
  sub_url: string;
  last_commit: WikiCommit;
}

/** A wiki page with its content */
export interface WikiPage extends WikiPageMetaData {
  /** Page content, base64 encoded */
  content_base64: string;
  /** The number of commits that modified this page */
  commit_count: number;
  /** The sidebar content for the wiki page (base64) */
  sidebar: string;
  /** The footer content for the wiki page (base64) */
  footer: string;
}

/** A page of a wiki page's revisions and how many there are */
export interface WikiCommitList {
  commits: WikiCommit[];
  /** The total count of commits */
  count: number;
}

/** Options for creating or editing a wiki page */
export interface CreateWikiPageOptions {
  /** page title. leave empty to keep unchanged */
  title?: string;
  /** content must be base64 encoded */
  content_base64?: string;
  /** optional commit message summarizing the change */
  message?: string;
}
