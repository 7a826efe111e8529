import type { Comment, Issue, Reaction } from '../../../../../api/types';
import { Avatar, RenderedMarkdown, Time, UserLink } from '../../layout/parts';
import { StateBadge } from './IssueList';

/** A comment's anchor id as the API's `html_url` names it (`…#issuecomment-{id}`). */
export const commentAnchor = (id: number): string => `issuecomment-${id}`;

/** The anchor of an API `html_url` (`…#issuecomment-7` → `issuecomment-7`), or undefined. */
export const anchorOf = (htmlUrl: string): string | undefined => /#(issuecomment-\d+)$/.exec(htmlUrl)?.[1];

/** The title line: title, number, state and who opened it when. */
export function ConversationHeader({ issue }: { readonly issue: Issue }) {
  return (
    <header class="conversation-header">
      <h1>
        {issue.title} <span class="muted">#{issue.number}</span>
      </h1>
      <p class="row">
        <StateBadge issue={issue} />
        <span class="muted">
          <UserLink login={issue.user.login} /> opened this <Time iso={issue.created_at} /> · {issue.comments}{' '}
          {issue.comments === 1 ? 'comment' : 'comments'}
        </span>
      </p>
    </header>
  );
}

/** Reactions counted by kind (`+1 ×2 · heart ×1`). */
export function ReactionSummary({ reactions }: { readonly reactions: readonly Reaction[] }) {
  if (reactions.length === 0) return null;
  const counts = new Map<string, string[]>();
  for (const reaction of reactions) {
    const users = counts.get(reaction.content) ?? [];
    users.push(reaction.user.login);
    counts.set(reaction.content, users);
  }
  return (
    <div class="reactions row small">
      {[...counts].map(([content, users]) => (
        <span key={content} class="label" title={users.join(', ')}>
          {content} {users.length}
        </span>
      ))}
    </div>
  );
}

/** One comment (or the opening post) with its anchor and rendered body. */
export function CommentCard(props: {
  readonly anchor?: string;
  readonly login: string | undefined;
  readonly avatarUrl: string | undefined;
  readonly createdAt: string;
  readonly html: string;
  readonly action?: string;
}) {
  return (
    <article class="comment" id={props.anchor}>
      <header class="row">
        <Avatar url={props.avatarUrl} /> <UserLink login={props.login} />
        <span class="muted">
          {props.action ?? 'commented'}{' '}
          {props.anchor ? (
            <a href={`#${props.anchor}`}>
              <Time iso={props.createdAt} />
            </a>
          ) : (
            <Time iso={props.createdAt} />
          )}
        </span>
      </header>
      {props.html ? (
        <RenderedMarkdown html={props.html} />
      ) : (
        <div class="markdown muted">No description provided.</div>
      )}
    </article>
  );
}

/** The opening post, its reactions, then every comment in order. */
export function Conversation(props: {
  readonly issue: Issue;
  readonly bodyHtml: string;
  readonly reactions: readonly Reaction[];
  readonly comments: readonly Comment[];
  readonly commentHtml: readonly string[];
}) {
  const { issue } = props;
  return (
    <div class="conversation">
      <CommentCard
        login={issue.user.login}
        avatarUrl={issue.user.avatar_url}
        createdAt={issue.created_at}
        html={props.bodyHtml}
        action="opened"
      />
      <ReactionSummary reactions={props.reactions} />
      {props.comments.map((comment, index) => (
        <CommentCard
          key={comment.id}
          anchor={commentAnchor(comment.id)}
          login={comment.user.login}
          avatarUrl={comment.user.avatar_url}
          createdAt={comment.created_at}
          html={props.commentHtml[index] ?? ''}
        />
      ))}
    </div>
  );
}
