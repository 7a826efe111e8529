import { toAttachment } from '../convert/attachment';
import type { RequestContext } from '../http/context';
import { deleteAttachment, editAttachment, type AttachmentServices } from '../services/attachments';
import {
  assertMayAttachToComment,
  assertMayAttachToIssue,
  attachToComment,
  attachToIssue,
  commentAttachment,
  issueAttachment,
  type IssueAttachmentServices,
} from '../services/issueAttachments';
import { attachmentsOfComments, attachmentsOfIssues } from '../store/attachments';
import type { CommentRow } from '../store/comments';
import type { IssueRow } from '../store/issues';
import type { RepositoryRow } from '../store/repositories';
import { readAttachmentUpload } from './attachmentUpload';
import { loadComment } from './comments';
import type { HandlerMap } from './handler';
import { issueActor, loadIssue } from './issuesLookup';
import { readRepo, repoRoute } from './guards';

const files = (ctx: RequestContext): AttachmentServices => ({ db: ctx.db, dataDir: ctx.app.dataDir });
const uploading = (ctx: RequestContext): IssueAttachmentServices => ({
  ...issueActor(ctx),
  dataDir: ctx.app.dataDir,
});

/** The attachment of the path on the issue of the path, which the caller may change (403 otherwise). */
function writableIssueAttachment(ctx: RequestContext, repo: RepositoryRow) {
  const issue = loadIssue(ctx, repo);
  assertMayAttachToIssue(issueActor(ctx), repo, issue);
  return issueAttachment(files(ctx), repo, issue, ctx.paramInt('attachment_id'));
}

function writableCommentAttachment(ctx: RequestContext, repo: RepositoryRow) {
  const { comment, issue } = loadComment(ctx, repo);
  assertMayAttachToComment(issueActor(ctx), repo, issue, comment);
  return commentAttachment(files(ctx), repo, comment, ctx.paramInt('attachment_id'));
}

const ofIssue = (ctx: RequestContext, issue: IssueRow) =>
  attachmentsOfIssues(ctx.db, [issue.id]).get(issue.id) ?? [];
const ofComment = (ctx: RequestContext, comment: CommentRow) =>
  attachmentsOfComments(ctx.db, [comment.id]).get(comment.id) ?? [];

// Writes are refused in an archived repository (423), as Gitea's mustNotBeArchived; reads need the issue.
const notArchived = { notArchived: true } as const;

export const issueAttachmentHandlers: HandlerMap = {
  issueListIssueAttachments: repoRoute(readRepo, (ctx, { repo }) => {
    ctx.json(ofIssue(ctx, loadIssue(ctx, repo)).map((attachment) => toAttachment(ctx, attachment)));
  }),

  issueCreateIssueAttachment: repoRoute(notArchived, async (ctx, { repo }) => {
    const issue = loadIssue(ctx, repo);
    assertMayAttachToIssue(issueActor(ctx), repo, issue);
    const upload = await readAttachmentUpload(ctx, ctx.args.name);
    ctx.json(toAttachment(ctx, await attachToIssue(uploading(ctx), repo, issue, upload)));
  }),

  issueGetIssueAttachment: repoRoute(readRepo, (ctx, { repo }) => {
    const issue = loadIssue(ctx, repo);
    ctx.json(toAttachment(ctx, issueAttachment(files(ctx), repo, issue, ctx.paramInt('attachment_id'))));
  }),

  // Gitea answers 201 for an edit; an empty name keeps the old one.
  issueEditIssueAttachment: repoRoute(notArchived, async (ctx, { repo }) => {
    const attachment = writableIssueAttachment(ctx, repo);
    const name = (await ctx.body()).string('name');
    ctx.json(toAttachment(ctx, editAttachment(files(ctx), attachment, name)));
  }),

  issueDeleteIssueAttachment: repoRoute(notArchived, (ctx, { repo }) => {
    deleteAttachment(files(ctx), writableIssueAttachment(ctx, repo));
    ctx.empty();
  }),

  issueListIssueCommentAttachments: repoRoute(readRepo, (ctx, { repo }) => {
    const { comment } = loadComment(ctx, repo);
    ctx.json(ofComment(ctx, comment).map((attachment) => toAttachment(ctx, attachment)));
  }),

  issueCreateIssueCommentAttachment: repoRoute(notArchived, async (ctx, { repo }) => {
    const { comment, issue } = loadComment(ctx, repo);
    assertMayAttachToComment(issueActor(ctx), repo, issue, comment);
    const upload = await readAttachmentUpload(ctx, ctx.args.name);
    ctx.json(toAttachment(ctx, await attachToComment(uploading(ctx), repo, issue, comment, upload)));
  }),

  issueGetIssueCommentAttachment: repoRoute(readRepo, (ctx, { repo }) => {
    const { comment } = loadComment(ctx, repo);
    ctx.json(toAttachment(ctx, commentAttachment(files(ctx), repo, comment, ctx.paramInt('attachment_id'))));
  }),

  issueEditIssueCommentAttachment: repoRoute(notArchived, async (ctx, { repo }) => {
    const attachment = writableCommentAttachment(ctx, repo);
    const name = (await ctx.body()).string('name');
    ctx.json(toAttachment(ctx, editAttachment(files(ctx), attachment, name)));
  }),

  issueDeleteIssueCommentAttachment: repoRoute(notArchived, (ctx, { repo }) => {
    deleteAttachment(files(ctx), writableCommentAttachment(ctx, repo));
    ctx.empty();
  }),
};
