import { Box, RenderedMarkdown, Time, UserLink } from '../../layout/parts';
import { encodePath, useHref } from '../../layout/site';

/** The fields of the API's Release the pages show. */
export interface ReleaseJson {
  readonly id: number;
  readonly tag_name: string;
  readonly target_commitish: string;
  readonly name: string;
  readonly body: string;
  readonly draft: boolean;
  readonly prerelease: boolean;
  readonly published_at: string;
  readonly tarball_url: string;
  readonly zipball_url: string;
  readonly author: { readonly login: string };
  readonly assets: readonly {
    readonly id: number;
    readonly name: string;
    readonly size: number;
    readonly browser_download_url: string;
  }[];
}

/** One release: title linking to its page, tag, author, date, notes (rendered), archives and assets. */
export function ReleaseView(props: {
  readonly base: string;
  readonly release: ReleaseJson;
  readonly notesHtml: string;
}) {
  const href = useHref();
  const { base, release } = props;
  const tag = encodePath(release.tag_name);
  return (
    <Box
      header={
        <div class="spread">
          <span>
            <a href={href(`${base}/releases/tag/${tag}`)}>
              <strong>{release.name || release.tag_name}</strong>
            </a>{' '}
            {release.draft ? <span class="label">Draft</span> : null}
            {release.prerelease ? <span class="label">Pre-release</span> : null}
          </span>
          <span class="muted small">
            <a href={href(`${base}/src/tag/${tag}`)}>{release.tag_name}</a> ·{' '}
            <UserLink login={release.author.login} /> · <Time iso={release.published_at} />
          </span>
        </div>
      }
    >
      <div class="box-body">
        {release.body ? <RenderedMarkdown html={props.notesHtml} /> : <p class="muted">No release notes.</p>}
        <h3>Downloads</h3>
        <ul class="list small">
          {release.assets.map((asset) => (
            <li>
              <a href={asset.browser_download_url}>{asset.name}</a>{' '}
              <span class="muted">{asset.size} bytes</span>
            </li>
          ))}
          <li>
            <a href={href(`${base}/archive/${tag}.zip`)}>Source code (ZIP)</a>
          </li>
          <li>
            <a href={href(`${base}/archive/${tag}.tar.gz`)}>Source code (TAR.GZ)</a>
          </li>
        </ul>
      </div>
    </Box>
  );
}
