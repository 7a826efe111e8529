import type { Duplex } from 'node:stream';

/**
 * Answers a request node:http could not parse (a request line or headers past the size limit, broken
 * syntax) with Gitea's JSON error instead of node's bare status line, then closes the connection.
 */
export function answerClientError(rootUrl: string, error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'the request line or headers are too large']
      : [400, 'Bad Request', 'the request could not be parsed'];
  const body = JSON.stringify({ message, url: `${rootUrl}api/swagger` });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json;charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
