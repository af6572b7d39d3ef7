import { sql, type SQL } from 'drizzle-orm';

/**
 * Words titles write in several ways for one kind of work ("Frontend", "Front-end", "UI"), and the
 * kinds of work next to it (a full-stack or product engineer for a front-end one). A target role
 * matches a title when the title holds every word of the role, any spelling counting; it is near
 * when a word of the role is met by a neighbour instead. Phrases are written as a title writes them.
 */
interface RoleWord {
  readonly spellings: readonly string[];
  readonly near: readonly string[];
  /**
   * A field of its own that a role not naming it does not cover: a "Machine Learning Software
   * Engineer" is near "Software Engineer", not what it asks for.
   */
  readonly specialism?: true;
  /**
   * A neighbour that names no kind of work ("software"): it makes a title near only when the title
   * names no other kind of work ("Software Engineer, Growth", not "Infrastructure Software
   * Engineer" for a front-end role).
   */
  readonly genericNear?: readonly string[];
  /** What the person is (engineer, designer), not a kind of work a title may name beside it. */
  readonly headNoun?: true;
}

const FULL_STACK = ['fullstack', 'full stack'];
const GENERIC = ['software'];

export const ROLE_WORDS: readonly RoleWord[] = [
  {
    spellings: ['frontend', 'front end', 'ui'],
    near: [...FULL_STACK, 'product', 'design', 'web', 'client'],
    genericNear: GENERIC,
  },
  {
    spellings: ['backend', 'back end', 'server side'],
    near: [...FULL_STACK, 'platform', 'infrastructure', 'distributed systems', 'api', 'server'],
    genericNear: GENERIC,
  },
  { spellings: FULL_STACK, near: ['product', 'web'], genericNear: GENERIC },
  {
    spellings: ['machine learning', 'ml'],
    near: ['ai', 'research', 'applied', 'mlops'],
    specialism: true,
  },
  { spellings: ['ios'], near: ['mobile'], specialism: true },
  { spellings: ['android'], near: ['mobile'], specialism: true },
  { spellings: ['qa', 'quality assurance'], near: ['test', 'quality'], specialism: true },
  { spellings: ['site reliability', 'sre'], near: ['platform', 'infrastructure', 'devops'] },
  {
    spellings: ['devops', 'dev ops'],
    near: ['platform', 'infrastructure', 'site reliability', 'cloud'],
  },
  {
    spellings: ['platform'],
    near: ['infrastructure', 'infra', 'devops', 'site reliability', 'cloud'],
  },
  { spellings: ['infrastructure', 'infra'], near: ['platform', 'devops', 'site reliability'] },
  // An architect designs the kind of system its engineers build (a backend architect, a data one).
  {
    spellings: ['engineer', 'developer', 'programmer'],
    near: ['scientist', 'architect'],
    headNoun: true,
  },
  { spellings: ['designer'], near: [], headNoun: true },
  { spellings: ['ux', 'user experience'], near: ['product', 'ui'] },
  // A program or project manager runs delivery across teams: another career, not a PM's next door.
  { spellings: ['product manager'], near: ['product owner'], headNoun: true },
  // Both carry a book of accounts and a quota; the manager's grows accounts the executive won.
  {
    spellings: ['account executive'],
    near: ['account manager', 'sales executive'],
    headNoun: true,
  },
];

/**
 * Role text as the title search vector reads titles (`jobs.search`): a slash between two words
 * ("ML/AI") is a space, not one file-path token.
 */
export const slashesAsSpaces = (text: SQL) => sql`translate(${text}, '/', ' ')`;

/** A phrase as a tsquery text: its words in a row ("front <-> end"). */
const phrase = (text: string) => text.split(' ').join(' <-> ');
const anyOf = (phrases: readonly string[]) => phrases.map(phrase).join(' | ');
const english = (query: string) => sql`to_tsquery('english', ${query})`;

/** A stand-in word for each entry while the role's words are replaced, met in no title. */
const placeholder = (at: number) => `zzrole${'abcdefghijklmnopqrstuvwxyz'[at] ?? at}`;

/** What a role's word may be met by: its spellings, and its neighbours, generic ones too or not. */
type Reach = 'spellings' | 'specificNear' | 'near';

const alternativesOf = (word: RoleWord, reach: Reach): readonly string[] => {
  if (reach === 'spellings') return word.spellings;
  const specific = [...word.spellings, ...word.near];
  return reach === 'specificNear' ? specific : [...specific, ...(word.genericNear ?? [])];
};

/**
 * The role's words as a tsquery on a title: each spelling of an entry is first replaced by the
 * entry's stand-in, then every stand-in by what may meet it (`Reach`), so a replacement is never
 * replaced again.
 */
function roleQuery(role: SQL, reach: Reach): SQL {
  let query = sql`plainto_tsquery('english', ${slashesAsSpaces(role)})`;
  ROLE_WORDS.forEach((word, at) => {
    for (const spelling of word.spellings)
      query = sql`ts_rewrite(${query}, plainto_tsquery('english', ${spelling}), to_tsquery('simple', ${placeholder(at)}))`;
  });
  ROLE_WORDS.forEach((word, at) => {
    const alternatives = alternativesOf(word, reach);
    query = sql`ts_rewrite(${query}, to_tsquery('simple', ${placeholder(at)}), ${english(anyOf(alternatives))})`;
  });
  return query;
}

/** A title that holds every word of the role, however spelled. */
export const roleTitleQuery = (role: SQL) => roleQuery(role, 'spellings');

/** Whether the title names a specialism (`RoleWord.specialism`) the role does not name. */
export function namesOtherSpecialism(role: SQL, title: SQL): SQL {
  const roleWords = sql`to_tsvector('english', ${slashesAsSpaces(role)})`;
  const checks = ROLE_WORDS.filter((word) => word.specialism).map((word) => {
    const query = english(anyOf(word.spellings));
    return sql`(${title} @@ ${query} and not ${roleWords} @@ ${query})`;
  });
  return sql`(${sql.join(checks, sql` or `)})`;
}

/** A title that holds every word of the role or, for some, a neighbouring kind of work's. */
export const nearRoleTitleQuery = (role: SQL) => roleQuery(role, 'near');

/** Every kind of work a title may name (not what the person is: engineer, designer). */
const KINDS_OF_WORK = english(
  anyOf(ROLE_WORDS.filter((word) => !word.headNoun).flatMap((word) => word.spellings)),
);

/**
 * Whether the title is near the role: by a neighbour that names a kind of work, or by a generic
 * one ("software") in a title that names no kind of work of its own.
 */
export const isNearRole = (role: SQL, title: SQL): SQL =>
  sql`(${title} @@ ${nearRoleTitleQuery(role)} and (${title} @@ ${roleQuery(role, 'specificNear')} or not ${title} @@ ${KINDS_OF_WORK}))`;

/**
 * The title's lexemes with every spelling of each entry the title meets by a spelling (or, with
 * `near`, by a neighbour too) added: the words a role the title matches (or is near) may be
 * anchored on (`role_anchor_terms`).
 */
export function titleTermsWithSpellings(title: SQL, near: boolean): SQL {
  const added = ROLE_WORDS.map(
    (word) =>
      sql`case when ${title} @@ ${english(anyOf(alternativesOf(word, near ? 'near' : 'spellings')))} then tsvector_to_array(to_tsvector('english', ${word.spellings.join(' ')})) else '{}'::text[] end`,
  );
  return sql`(select coalesce(array_agg(distinct term), '{}') from unnest(tsvector_to_array(${title}) || ${sql.join(added, sql` || `)}) as term)`;
}
