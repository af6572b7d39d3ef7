/**
 * The parts of a description that speak of the role itself (what it asks for and what it does),
 * apart from the company blurb, benefits and legal text, so skills are read only where the role
 * asks for them. Sections are found by their headings: a short line, or one ending in ":".
 */

export type SectionKind = 'required' | 'nice' | 'role' | 'stack' | 'company';

const APOSTROPHE = "(?:'|’)?";

const HEADINGS: readonly (readonly [SectionKind, RegExp])[] = [
  [
    'nice',
    /nice[- ]to[- ]have|bonus|preferred|desired|desirable|pluses|a plus|extra credit|ideally|good to have|would be great|stand out|even better|differentiator|not required|(?:would|'d|’d) love (?:it )?if|might also have/i,
  ],
  [
    'company',
    // "About Zoox": any "About ..." heading but the role's own ("About the Role", "About You").
    /^\W*about (?!you|the (?:role|position|job|opportunity|work)|this (?:role|position|job))|about (?:us|the company|the team|our)|who we are|why (?:join|work)|benefits|perks|what we offer|we offer|our (?:culture|values|credos|mission|story|principles)|^\W*(?:culture|values|location|company overview)\b|company overview|equal (?:employment|opportunity)|employment equity|compensation|salary|pay (?:range|transparency)|privacy|diversity|inclusion|accommodation|life at|^\W*working at\b|past (?:projects|work)|how we (?:work|think|hire)|work (?:mode|arrangement)|where you(?:'|’)?ll be|our hiring|hiring process|interview|commitment|export control|additional information|^\W*appl(?:y|ying)\W*$|recruitment|world-changing|^\W*why (?!you\b|this (?:role|job|position)|the (?:role|job|position))|^\W*the company\W*$|company description|our (?:customers|clients)\W*$|love working (?:here|at|with)|^\W*what you(?:'|’)?(?:ll)? get\W*$|what(?:'|’)?s in it for you/i,
  ],
  [
    'stack',
    /(?:tech(?:nology)?|technical|our) stack|stack (?:we|you)(?:'|’)?(?:ll)? (?:work|use|build)|^\W*(?:our )?tech(?:nology|nologies)?\W*$|^\W*stack\W*$|tools (?:we use|and technologies)|technologies we use/i,
  ],
  [
    'required',
    new RegExp(
      [
        'requirement',
        'qualification',
        `what you${APOSTROPHE}ll need`,
        `you${APOSTROPHE}ll need`,
        `what we${APOSTROPHE}re looking for`,
        'looking for',
        'about you',
        'who you are',
        'you (?:have|bring|are)',
        'must[- ]have',
        '^\\W*(?:required |key |core |minimum |technical |relevant )?(?:skills|skillsets?|experience|competenc)',
        'skills (?:and|&) (?:experience|qualifications)',
        `what you${APOSTROPHE}ll bring`,
        'what you bring',
        'you might (?:be|thrive)',
        'you may be a fit',
        `you${APOSTROPHE}ll thrive`,
        'a (?:great |good |strong )?(?:fit|match) (?:here )?if',
        'should apply if',
        'ideal candidate',
        'you should',
        'to be successful',
        '^\\W*(?:your |candidate )?(?:profile|background)\\W*$',
        'knowledge, skills',
        'great fit',
        'is this you',
      ].join('|'),
      'i',
    ),
  ],
  [
    'role',
    /responsibilit|what you(?:'|’)?ll (?:do|own|work on)|what you will (?:do|own|be doing|achieve)|you will|the role|your role|in this role|the job|day[- ]to[- ]day|your impact|impact you|make an impact|the opportunity|the position|position summary|duties|mission|your work|your charter|key outcomes|success looks like|role (?:purpose|overview|summary)|(?:example|sample) projects|you(?:'|’)?ll/i,
  ],
];

/** A sentence that asks for something only as a plus ("Kafka is a plus", "ideally Go"). */
const NICE_SENTENCE =
  /\b(?:(?:is|are|would be|will be) (?:a )?(?:big |huge |strong |real )?(?:plus|bonus|advantage)|an? (?:big |huge |strong |real )?(?:plus|advantage)\b|nice[- ]to[- ]have|preferred|preferable|ideally|desirable|beneficial|advantageous|not required|not a requirement|bonus points|bonus if)/i;

/**
 * A heading: a short line (no sentence end, though it may ask "Why choose Acme?") or one leading
 * into a list with ":" or "...".
 */
const isHeading = (line: string): boolean => {
  const trimmed = line.trim();
  if (trimmed === '' || trimmed.length > 80 || /^[-*•·]/.test(trimmed)) return false;
  return (
    /(?::|\.\.\.|…)$/.test(trimmed) ||
    (trimmed.split(/\s+/).length <= 8 && !/[.!,;]$/.test(trimmed))
  );
};

/** A bullet that only names a nice-to-have section ("- Nice-to-Have"): a heading in a list. */
const NICE_BULLET =
  /^\s*[-*•·]\s*(?:nice[- ]to[- ]haves?|bonus(?: points)?|preferred(?: qualifications)?|pluses)\s*:?\s*$/i;
const NICE_HEADING = HEADINGS.find(([kind]) => kind === 'nice');

/**
 * A nice-to-have heading a board wrote as a bullet, or glossed with a bracket too long for a
 * heading: "Preferred Qualifications (Experience in one or more of the following is a plus)".
 */
function isNiceHeading(line: string): boolean {
  if (NICE_BULLET.test(line)) return true;
  const unglossed = line.replace(/\s*\(([^()]*)\)\s*$/, (bracket, inside: string) =>
    NICE_SENTENCE.test(inside) ? '' : bracket,
  );
  return unglossed !== line && isHeading(unglossed) && (NICE_HEADING?.[1].test(unglossed) ?? false);
}

/** A stack the posting says you need not know ("You're not expected to know everything listed"). */
const NOT_EXPECTED =
  /not (?:be )?(?:expected|required|necessary)|(?:don(?:'|’)?t|do not) (?:expect|need|have to)|no need to/i;

/** In text before any heading, a sentence that asks for something ("we expect strong Go"). */
const ASKING_SENTENCE =
  /\b(?:we (?:do )?expect|you(?:'|’)?ll need|you (?:must|should) have|(?:is |are )?required|proficien|fluen(?:t|cy) in|(?:experience|expertise|background) (?:with|in|working with))\b/i;

/**
 * A paragraph of legal text (export controls, equal opportunity, accommodation) that a board
 * appends without a heading: it ends the role's own text, up to the next heading.
 */
const LEGAL_PARAGRAPH =
  /export control|equal (?:employment )?opportunity employer|without regard to (?:race|age|sex|religion)|reasonable accommodation|applicants (?:have rights|will receive consideration)/i;

const isLegalParagraph = (line: string): boolean => {
  const trimmed = line.trim();
  return (
    !/^[-*•·]/.test(trimmed) && trimmed.split(/\s+/).length >= 20 && LEGAL_PARAGRAPH.test(trimmed)
  );
};

/** Text split into its sentences and lines. */
export const sentencesOf = (text: string): string[] => text.split(/(?<=[.!?])\s+|\n/);

/** A bracket that holds a nice-to-have ("Salesforce (CPQ a plus)"), the rest of its sentence not. */
const BRACKET = /\(([^()]*)\)/g;
/** The example a bracket prefers ("one scripting language (Python preferred)"): still asked. */
const PREFERRED = /\s*\b(?:strongly |highly )?preferred\b/gi;
/** Where a sentence turns to another thing it asks: "SQL; Hive is a plus", "SQL, ideally dbt". */
const CLAUSE_BREAK = /;\s*|,\s+(?=(?:ideally|familiarity|knowledge|exposure)\b)/i;

/**
 * A sentence's parts that ask only as a plus, apart from the rest: "Strong Python; C++ or Rust
 * exposure is a bonus" asks Python and welcomes C++ and Rust. A bracket naming the example it
 * prefers names what is asked ("a BI tool (Tableau preferred, or Looker)"), as "X or Y" does; a
 * bracket of only a cue ("(advantageous)") says so of its whole sentence.
 */
function niceParts(sentence: string): { own: string[]; nice: string[] } {
  const nice: string[] = [];
  const rest = sentence.replace(BRACKET, (bracket: string, inside: string) => {
    const named = inside.replace(PREFERRED, '');
    if (named.trim() === '') return bracket;
    if (!NICE_SENTENCE.test(named)) return `(${named})`;
    if (named.replace(NICE_SENTENCE, '').trim() === '') return bracket;
    nice.push(named);
    return '';
  });
  const own: string[] = [];
  for (const clause of rest.split(CLAUSE_BREAK))
    (NICE_SENTENCE.test(clause) ? nice : own).push(clause);
  return { own, nice };
}

export interface RoleText {
  /** What the role asks for and what it does: `asks` and `duties` together. */
  readonly required: string;
  /** What it asks for: its requirements, or all of its own text when it states none apart. */
  readonly asks: string;
  /** What it does, when the posting states its requirements apart. */
  readonly duties: string;
  readonly nice: string;
  /** The sections it heads as nice to have ("Nice to haves", "Ideally"), without its "a plus" sentences. */
  readonly niceSections: string;
  /** A stack it describes but says a candidate need not know. */
  readonly niceDuties: string;
}

/**
 * The description split into the role's own text and its nice-to-haves. Text before the first
 * heading counts as the role's only when no heading marks the role's sections; then only its
 * sentences that ask for something count. A tech stack section describes the work, and is a
 * nice-to-have when it says the reader need not know it all; a sentence of the role's text that
 * asks only "a plus" is a nice-to-have too.
 */
export function roleText(description: string): RoleText {
  const sections: { kind: SectionKind | null; lines: string[] }[] = [{ kind: null, lines: [] }];
  for (const line of description.split('\n')) {
    const heading = isHeading(line)
      ? HEADINGS.find(([, pattern]) => pattern.test(line))
      : isNiceHeading(line)
        ? NICE_HEADING
        : undefined;
    if (heading !== undefined) sections.push({ kind: heading[0], lines: [line] });
    else if (isLegalParagraph(line)) sections.push({ kind: 'company', lines: [line] });
    else sections[sections.length - 1]?.lines.push(line);
  }
  const marked = sections.some((section) => section.kind === 'required' || section.kind === 'role');
  const apart = sections.some((section) => section.kind === 'required');
  const asks: string[] = [];
  const duties: string[] = [];
  const nice: string[] = [];
  const niceSections: string[] = [];
  const niceDuties: string[] = [];
  const own = (sentences: readonly string[], to: string[]) => {
    for (const sentence of sentences) {
      const parts = niceParts(sentence);
      to.push(...parts.own);
      nice.push(...parts.nice);
    }
  };
  for (const section of sections) {
    const text = section.lines.join('\n');
    if (section.kind === 'nice') {
      nice.push(text);
      niceSections.push(text);
    } else if (section.kind === 'stack') (NOT_EXPECTED.test(text) ? niceDuties : duties).push(text);
    else if (section.kind === 'role') own(sentencesOf(text), apart ? duties : asks);
    else if (section.kind === 'required' || (section.kind === null && !marked))
      own(sentencesOf(text), asks);
    else if (section.kind === null)
      asks.push(...sentencesOf(text).filter((sentence) => ASKING_SENTENCE.test(sentence)));
  }
  const joined = (parts: readonly string[]) => parts.join('\n');
  return {
    required: joined([...asks, ...duties]),
    asks: joined(asks),
    duties: joined(duties),
    nice: joined(nice),
    niceSections: joined(niceSections),
    niceDuties: joined(niceDuties),
  };
}
