import type { ServerResponse } from 'node:http';

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  sendJsonText(res, status, JSON.stringify(body));
}

/** JSON already serialised (text, or its UTF-8 bytes). */
export function sendJsonText(res: ServerResponse, status: number, text: string | Buffer): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json;charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

/** Gitea's error body: the message and the URL of the API description. */
export function sendError(
  res: ServerResponse,
  rootUrl: string,
  status: number,
  message: string,
  headers: Readonly<Record<string, string>> = {},
): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  sendJson(res, status, { message, url: `${rootUrl}api/swagger` });
}
