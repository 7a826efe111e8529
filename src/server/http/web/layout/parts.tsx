import type { Child } from 'hono/jsx';
import { useHref } from './site';

/** A time as Gitea shows it: the date, with the exact instant in the title. */
export function Time({ iso }: { readonly iso: string | undefined | null }) {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return (
    <time datetime={date.toISOString()} title={date.toUTCString()}>
      {date.toISOString().slice(0, 10)}
    </time>
  );
}

/** A user's avatar from the API's `avatar_url`. */
export function Avatar({ url, large }: { readonly url: string | undefined; readonly large?: boolean }) {
  if (!url) return null;
  return <img class={large ? 'avatar large' : 'avatar'} src={url} alt="" loading="lazy" />;
}

/** A user's name linking to their page. */
export function UserLink({ login }: { readonly login: string | undefined }) {
  const href = useHref();
  if (!login) return <span class="muted">ghost</span>;
  return <a href={href(`/${encodeURIComponent(login)}`)}>{login}</a>;
}

/**
 * A label chip with its colour as an SVG dot: a presentation attribute, which the CSP allows where it
 * forbids inline styles. Only a validated hex colour gets there.
 */
export function LabelChip({ name, color }: { readonly name: string; readonly color: string }) {
  const hex = /^#?([0-9a-f]{6})$/i.exec(color)?.[1];
  return (
    <span class="label" title={name}>
      {hex ? (
        <svg class="label-dot" width="10" height="10" viewBox="0 0 10 10" aria-hidden="true">
          <circle cx="5" cy="5" r="5" fill={`#${hex}`} />
        </svg>
      ) : null}{' '}
      {name}
    </span>
  );
}

/**
 * HTML the server's markdown renderer produced: its sanitiser (services/markdown/sanitizer.ts) is the one
 * that the API's `/markdown` answers go through, so nothing here is inserted unsanitised.
 */
export function RenderedMarkdown({ html }: { readonly html: string }) {
  return <div class="markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}

/** Previous/next links for a list page of `pageSize` items out of `total`. */
export function Pager(props: {
  readonly page: number;
  readonly pageSize: number;
  readonly total: number;
  readonly link: (page: number) => string;
}) {
  const pages = Math.max(1, Math.ceil(props.total / props.pageSize));
  if (pages <= 1) return null;
  return (
    <nav class="pager" aria-label="Pages">
      {props.page > 1 ? (
        <a href={props.link(props.page - 1)}>Previous</a>
      ) : (
        <span class="muted">Previous</span>
      )}
      <span>
        Page {props.page} of {pages}
      </span>
      {props.page < pages ? <a href={props.link(props.page + 1)}>Next</a> : <span class="muted">Next</span>}
    </nav>
  );
}

export function Box(props: { readonly header?: Child; readonly children: Child }) {
  return (
    <section class="box">
      {props.header ? <div class="box-header">{props.header}</div> : null}
      {props.children}
    </section>
  );
}

/** A page's own error: 404 for what does not exist or may not be seen, 403, 400 … */
export function ErrorBody({ status, message }: { readonly status: number; readonly message: string }) {
  const href = useHref();
  return (
    <div class="notice error">
      <h1>{status === 404 ? 'Not found' : `Error ${status}`}</h1>
      <p>{message}</p>
      <p>
        <a href={href('/')}>Home</a>
      </p>
    </div>
  );
}
