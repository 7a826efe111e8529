import type { TestServer } from './harness';

export interface PageAnswer {
  readonly status: number;
  readonly text: string;
  readonly headers: Headers;
}

/** A web page fetched without following redirects, as anonymous or with a token. */
export async function fetchPage(server: TestServer, path: string, token?: string): Promise<PageAnswer> {
  const headers: Record<string, string> = token ? { Authorization: `token ${token}` } : {};
  const res = await fetch(`${server.url}${path.replace(/^\//, '')}`, { headers, redirect: 'manual' });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

/** The links that do not answer 200 (redirects not followed), each as "status url". */
export async function brokenLinks(links: Iterable<string>): Promise<string[]> {
  const failed: string[] = [];
  for (const link of links) {
    const res = await fetch(link, { redirect: 'manual' });
    await res.arrayBuffer();
    if (res.status !== 200) failed.push(`${res.status} ${link}`);
  }
  return failed;
}
