/** A skill entry of the curated vocabulary, and the helper that tags entries with their category. */
export type SkillCategory =
  | 'language'
  | 'frontend'
  | 'backend'
  | 'mobile'
  | 'database'
  | 'cloud'
  | 'devops'
  | 'data'
  | 'ml'
  | 'testing'
  | 'security'
  | 'tool'
  | 'hardware'
  | 'business'
  | 'spoken'
  | 'practice';

export interface SkillEntry {
  /** Canonical name, also matched case-insensitively unless it appears in `exact` or `inContext`. */
  readonly name: string;
  readonly category: SkillCategory;
  /** Other spellings, matched case-insensitively. */
  readonly aliases?: readonly string[];
  /** Spellings that are also common English words: matched only exactly as written here. */
  readonly exact?: readonly string[];
  /** Spellings so short or common that they need exact case and a tech context (see skillVocabulary.ts). */
  readonly inContext?: readonly string[];
  /**
   * Spellings (one word each) that name the skill only in a sentence that also holds a cue word
   * ("fluent", "native", "spoken": see CUE_WORDS), matched in exact case: "Fluent in German",
   * not "German customers".
   */
  readonly withCue?: readonly string[];
  /**
   * The cue words (lower case) of this skill's `withCue` spellings, in place of the spoken
   * languages' ones: "SaaS" names SaaS Sales only in a sentence about selling.
   */
  readonly cues?: readonly string[];
  /**
   * The canonical name of the skill this one is built on: whoever knows Next.js knows React, and
   * whoever knows React has part of Next.js (see skillBases.ts).
   */
  readonly builtOn?: string;
}

export const tagged =
  (category: SkillCategory) =>
  (name: string, more: Omit<SkillEntry, 'name' | 'category'> = {}): SkillEntry => ({
    name,
    category,
    ...more,
  });
