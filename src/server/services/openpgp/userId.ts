/** A User ID packet's text split as gpg shows it: `Name (Comment) <email>`. */
export interface PgpUserIdParts {
  name: string;
  comment: string;
  /** The address as written (case kept); empty when the User ID has none. */
  email: string;
}

const withAddress = /^(.*?)\s*<([^<>]*)>\s*$/;
const bareAddress = /^[^\s@<>()]+@[^\s@<>()]+$/;

export function splitUserId(text: string): PgpUserIdParts {
  const trimmed = text.trim();
  const match = withAddress.exec(trimmed);
  const rest = match ? (match[1] ?? '') : bareAddress.test(trimmed) ? '' : trimmed;
  const email = match ? (match[2] ?? '').trim() : bareAddress.test(trimmed) ? trimmed : '';
  const comment = /\(([^()]*)\)\s*$/.exec(rest);
  return {
    name: (comment ? rest.slice(0, comment.index) : rest).trim(),
    comment: comment?.[1]?.trim() ?? '',
    email,
  };
}
