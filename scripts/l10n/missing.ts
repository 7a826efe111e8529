/** What a translation lacks of its English file, and what it holds that the English no longer has. */
export interface TranslationGaps {
  readonly missing: string[];
  readonly stale: string[];
}

export function translationGaps(english: object, translation: object): TranslationGaps {
  const have = new Set(Object.keys(translation));
  const want = new Set(Object.keys(english));
  return {
    missing: [...want].filter((key) => !have.has(key)),
    stale: [...have].filter((key) => !want.has(key)),
  };
}
