/**
 * A LIKE pattern matching `text` anywhere, its `%`, `_` and `\` taken literally: use it with
 * `LIKE ? ESCAPE '\'`.
 */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
