/** What the server's first start prints once: the administrator it created and its password. */
export interface BootstrapCredentials {
  readonly username: string;
  readonly password: string;
}

const adminLine = /^Created the administrator "([^"]+)" with the password "([^"]+)"/;
const listeningLine = /^Teahouse listening on (https?:\/\/\S+)/;

export function parseAdminLine(line: string): BootstrapCredentials | undefined {
  const match = adminLine.exec(line.trim());
  return match ? { username: match[1] ?? '', password: match[2] ?? '' } : undefined;
}

export function parseListeningLine(line: string): string | undefined {
  return listeningLine.exec(line.trim())?.[1];
}

/** The line as the log may show it: the one-time password replaced. */
export function redactLine(line: string): string {
  return line.replace(/(with the password ")[^"]*(")/, '$1***$2');
}

/** Splits a stream's chunks into whole lines. */
export class LineSplitter {
  #rest = '';

  push(chunk: string): string[] {
    const text = this.#rest + chunk;
    const lines = text.split(/\r?\n/);
    this.#rest = lines.pop() ?? '';
    return lines;
  }

  flush(): string[] {
    const rest = this.#rest;
    this.#rest = '';
    return rest === '' ? [] : [rest];
  }
}
