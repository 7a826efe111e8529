import { globExpression } from './branchProtectionRules';

/*
 * Gitea's `.gitea/template`: glob lines (with `/` as separator) naming the files of a template whose content
 * and path get the new repository's variables (`$REPO_NAME`, `${TEMPLATE_OWNER}`, `$REPO_NAME_SNAKE`, …),
 * expanded as Go's os.Expand does.
 */

export const templateFile = '.gitea/template';

/** The matcher of a `.gitea/template` text: blank lines and `#` comments skipped. */
export function templateMatcher(text: string): (path: string) => boolean {
  const patterns = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .flatMap((line) => {
      try {
        return [new RegExp(globExpression(line, '/'))];
      } catch {
        return [];
      }
    });
  return (path) => patterns.some((pattern) => pattern.test(path));
}

const words = (text: string): string[] =>
  text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '');
const capital = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();

/** The transformers Gitea offers on names: `_SNAKE`, `_KEBAB`, `_CAMEL`, `_PASCAL`, `_LOWER`, `_UPPER`, `_TITLE`. */
const transformers: Readonly<Record<string, (text: string) => string>> = {
  SNAKE: (text) =>
    words(text)
      .map((w) => w.toLowerCase())
      .join('_'),
  KEBAB: (text) =>
    words(text)
      .map((w) => w.toLowerCase())
      .join('-'),
  CAMEL: (text) =>
    words(text)
      .map((w, i) => (i === 0 ? w.toLowerCase() : capital(w)))
      .join(''),
  PASCAL: (text) => words(text).map(capital).join(''),
  LOWER: (text) => text.toLowerCase(),
  UPPER: (text) => text.toUpperCase(),
  TITLE: (text) => text.replace(/[A-Za-z0-9]+/g, (word) => word.charAt(0).toUpperCase() + word.slice(1)),
};

export interface TemplateRepository {
  readonly name: string;
  readonly description: string;
  readonly ownerName: string;
  /** The web page, `http://host/owner/name`. */
  readonly link: string;
  readonly httpsUrl: string;
  readonly sshUrl: string;
}

const englishMonths = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Gitea's expansion variables for a repository generated from a template, on `now`'s date. */
export function templateVariables(
  template: TemplateRepository,
  generated: TemplateRepository,
  now: Date = new Date(),
): Map<string, string> {
  const two = (n: number): string => String(n).padStart(2, '0');
  const withTransforms: [string, string][] = [
    ['MONTH_ENGLISH', englishMonths[now.getMonth()]!],
    ['REPO_NAME', generated.name],
    ['TEMPLATE_NAME', template.name],
    ['REPO_OWNER', generated.ownerName],
    ['TEMPLATE_OWNER', template.ownerName],
  ];
  const plain: [string, string][] = [
    ['YEAR', String(now.getFullYear())],
    ['MONTH', two(now.getMonth() + 1)],
    ['DAY', two(now.getDate())],
    ['REPO_DESCRIPTION', generated.description],
    ['TEMPLATE_DESCRIPTION', template.description],
    ['REPO_LINK', generated.link],
    ['TEMPLATE_LINK', template.link],
    ['REPO_HTTPS_URL', generated.httpsUrl],
    ['TEMPLATE_HTTPS_URL', template.httpsUrl],
    ['REPO_SSH_URL', generated.sshUrl],
    ['TEMPLATE_SSH_URL', template.sshUrl],
  ];
  const variables = new Map<string, string>([...plain, ...withTransforms]);
  for (const [name, value] of withTransforms) {
    for (const [suffix, transform] of Object.entries(transformers))
      variables.set(`${name}_${suffix}`, transform(value));
  }
  return variables;
}

const isSpecial = (c: string | undefined): boolean => c !== undefined && /^[*#$@!?\-0-9]$/.test(c);
const isNameChar = (c: string | undefined): boolean => c !== undefined && /^[A-Za-z0-9_]$/.test(c);

/** Go's getShellName: the name after a `$` and how many characters it took ('' with a width: bad syntax). */
function shellName(s: string): [string, number] {
  if (s[0] === '{') {
    if (s.length > 2 && isSpecial(s[1]) && s[2] === '}') return [s[1]!, 3];
    for (let i = 1; i < s.length; i++) {
      if (s[i] === '}') return i === 1 ? ['', 2] : [s.slice(1, i), i + 1];
    }
    return ['', 1];
  }
  if (isSpecial(s[0])) return [s[0]!, 1];
  let i = 0;
  while (i < s.length && isNameChar(s[i])) i++;
  return [s.slice(0, i), i];
}

/** Go's os.Expand with Gitea's mapping: a known variable's value, an unknown name as itself (without `$`). */
export function expandTemplate(text: string, variables: ReadonlyMap<string, string>): string {
  let out = '';
  let i = 0;
  let start = 0;
  while (i < text.length) {
    if (text[i] === '$' && i + 1 < text.length) {
      out += text.slice(start, i);
      const [name, width] = shellName(text.slice(i + 1));
      if (name === '' && width === 0) out += '$';
      else if (name !== '') out += variables.get(name) ?? name;
      i += width + 1;
      start = i;
    } else i++;
  }
  return out + text.slice(start);
}

const unsafeSegment = /[<>:"/\\|?*]|^(con|prn|aux|nul|com\d|lpt\d)$/gi;
/** Control characters (below U+0020), which no file system takes in a name either. */
const withoutControls = (text: string): string =>
  [...text].map((c) => (c.charCodeAt(0) < 0x20 ? '_' : c)).join('');

/** Gitea's filePathSanitize: each segment cleaned of characters no file system takes, `..` and `.git` defused. */
export function sanitizeTemplatePath(path: string): string {
  return path
    .split('/')
    .map((segment) => {
      let field = withoutControls(segment.replace(unsafeSegment, '_')).trim();
      if (field.startsWith('..')) field = `__${field.slice(2)}`;
      if (field.toLowerCase() === '.git') field = `.${'_'.repeat(field.length - 1)}`;
      return field;
    })
    .filter((segment) => segment !== '' && segment !== '.')
    .join('/');
}
