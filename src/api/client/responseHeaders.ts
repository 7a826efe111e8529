/** Response headers as undici gives them: lower-case names, repeated headers as arrays. */
export type ResponseHeaders = Readonly<Record<string, string | string[] | undefined>>;

/** One header's value; repeated headers (several `Link` lines) are joined as HTTP allows. */
export function headerValue(headers: ResponseHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
