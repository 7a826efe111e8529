import { defaultDiffLimits, parseUnifiedDiff, type ParsedDiff } from '../../layout/unifiedDiff';

/** Diff text past this many characters is not parsed at all (the page links the raw .diff). */
const parsedChars = 8 * 1024 * 1024;

/** The diff for DiffView, its text cut at `parsedChars` (then marked truncated). */
export function parseDiffForPage(text: string): ParsedDiff {
  if (text.length <= parsedChars) return parseUnifiedDiff(text, defaultDiffLimits);
  const cut = text.slice(0, text.lastIndexOf('\ndiff --git ', parsedChars) + 1 || parsedChars);
  return { ...parseUnifiedDiff(cut, defaultDiffLimits), truncated: true };
}
