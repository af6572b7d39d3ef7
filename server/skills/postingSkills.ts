import { AREA_SKILLS } from './skillAreas';
import { SKILLS } from './skillData';
import { findSkills } from './skillVocabulary';

const CATEGORY = new Map(SKILLS.map((skill) => [skill.name, skill.category]));

/** Ways of working a recruiter still filters on. */
const KEPT_PRACTICES = new Set([
  'Product Management',
  'SEO',
  'Technical Writing',
  'Internationalization',
]);

/**
 * Fields rather than skills: nearly every posting now mentions AI, few ask for it as a skill; a QA
 * posting names its field ("experience as a QA tester") and asks the kinds of testing (manual,
 * regression, test automation). (The chat and notes tools a team works in count only where a
 * sentence asks for them: see WORKSPACE.)
 */
const FIELDS = new Set(['Artificial Intelligence', 'QA']);

/**
 * A sentence about a degree, asked or preferred: the skills in it are fields of study ("BS in
 * Statistics", "Major in Data Science", "Master's in Accounting preferred").
 */
const DEGREE =
  /\b(?:degree|bachelor|master|ph\.?\s?d|doctorate|b\.?sc?|m\.?sc?|b\.?s\.|m\.?s\.|diploma|major(?:ed)? in|(?:under|post)graduate)\b/i;

/**
 * Whether a skill found in a posting is one a recruiter would list for the role: not a way of
 * working ("Agile", "Code Review", "Mentoring") nor the field it is in. A seeker's skills keep them
 * all; they only add nothing to a posting's list.
 */
export const isPostingSkill = (name: string): boolean =>
  !FIELDS.has(name) && (CATEGORY.get(name) !== 'practice' || KEPT_PRACTICES.has(name));

/** A posting's own text, split as roleText (server/jobs/normalise/roleText.ts) splits it. */
export interface PostingParts {
  readonly title: string;
  /** What it asks for. */
  readonly asks: string;
  /** What the work is, when the posting states its requirements apart. */
  readonly duties: string;
  readonly nice: string;
  /** A stack it describes but says a candidate need not know. */
  readonly niceDuties: string;
  /** The hiring company's name, whose own products its sentences describe. */
  readonly company?: string;
}

export interface PostingSkills {
  /** Every skill it asks for, required first, then the nice-to-haves; each once. */
  readonly skills: readonly string[];
  /** Those of `skills` it asks only as nice to have. */
  readonly niceSkills: readonly string[];
}

/** Sentences, not broken after "e.g." or "i.e.". */
const sentencesIn = (text: string): string[] =>
  text.split(/(?<=[.!?])(?<!\b(?:e\.g|i\.e)\.)\s+|\n/i);

/**
 * A sentence naming the chat or call tools a team works in ("We collaborate over email, GitHub,
 * Zoom and Slack", "GitHub, Slack, Notion"): the tools beside them are where the team works, not
 * what it asks, unless the sentence asks for them. A "GitHub profile" or "GitHub portfolio" is a place to show work, not a skill.
 */
const WORKSPACE = /\b(?:Slack|Zoom|Notion|Google Meet|Microsoft Teams)\b/;
/** Words of a sentence that asks for the tools it names ("Experience supporting Slack, Jamf"). */
const ASKS_FOR =
  /\b(?:experience|experienced|proficien\w*|familiar\w*|knowledge\w*|comfortable|skills?|support\w*|administ\w*|expert\w*)\b/i;
const PORTFOLIO = /\bGitHub\s+(?:profile|portfolio|work|account|page)\b/i;

/**
 * A sentence that opens by voicing an interest rather than asking a skill: "Strong interest in AI",
 * "Passion for cyber security", "Stay up to date with the latest frontend technologies".
 */
const INTEREST =
  /^\W*(?:[\w-]+\s+){0,3}?(?:interest(?:ed)? in|passion(?:ate)? (?:about|for)|appreciation (?:for|of)|stay(?:ing)? (?:up[- ]to[- ]date|updated|current|ahead)|keep(?:ing)? up(?:[- ]to[- ]date)? with)\b/i;
const ASKS_OF_YOU =
  /\b(?:experience\w*|proficien\w*|familiar\w*|knowledge\w*|skills?|expert\w*|hands-on|understanding|background|fluen\w*)\b/i;

/**
 * Where a sentence turns to what the job will teach rather than ask: "a willingness to learn
 * OCaml", "you'll learn how we use OCaml", "We don't expect you to have a background in Python"
 * (but "..., but we do expect strong JavaScript" asks again).
 */
const TO_LEARN =
  /\b(?:(?:willing(?:ness)?|desire|eager(?:ness)?|excited|keen|open) to learn|you(?:'|’)?ll learn|(?:don(?:'|’)?t|do not) expect you to (?:have|know))\b/i;

/** A sentence without what it says the job will teach, up to a "but" that asks again. */
function withoutToLearn(sentence: string): string {
  const at = TO_LEARN.exec(sentence)?.index;
  if (at === undefined) return sentence;
  const but = /\bbut\b/i.exec(sentence.slice(at));
  return `${sentence.slice(0, at)} ${but === null ? '' : sentence.slice(at + but.index)}`;
}

const readSentence = (whole: string): string[] => {
  const sentence = withoutToLearn(whole);
  if (INTEREST.test(sentence) && !ASKS_OF_YOU.test(sentence)) return [];
  const skills = findSkills(sentence, { teamNames: 'skip' });
  if (WORKSPACE.test(sentence) && !ASKS_FOR.test(sentence))
    return skills.filter((skill) => CATEGORY.get(skill) !== 'tool');
  return PORTFOLIO.test(sentence) ? skills.filter((skill) => skill !== 'GitHub') : skills;
};

const readSkills = (text: string): string[] => [
  ...new Set(sentencesIn(text).flatMap(readSentence)),
];

/** What introduces the examples of a field: "(AWS, GCP)", "such as dbt", "like Salesforce". */
const EXAMPLES =
  /\(\s*(?:e\.g\.|i\.e\.|such as|like|including)?|\b(?:such as|like|e\.g\.|including)\s/gi;

/** What follows an example with the field it belongs to: "AWS or other cloud services". */
const OR_OTHER = /\bor (?:any )?other\s/gi;

/**
 * Kinds of product a posting names by their examples as a field is ("a CRM like Salesforce", "ERP
 * systems such as NetSuite"), though alone they are tools a posting may ask ("keep your CRM
 * up to date").
 */
const PRODUCT_KINDS: ReadonlySet<string> = new Set(['CRM', 'ERP']);
const isKind = (skill: string) => AREA_SKILLS.has(skill) || PRODUCT_KINDS.has(skill);

/** How many words before its examples a field's name may end ("a cloud data warehouse such as"). */
const FIELD_REACH = 6;

/**
 * The fields a sentence names only by way of their examples ("cloud platforms (AWS, GCP)", "a
 * CRM like Salesforce", "AWS or other cloud services"): the examples are what it asks, as a
 * recruiter lists them.
 */
function exampledFields(sentence: string): Set<string> {
  const fields = new Set<string>();
  /** The fields named in `field` when `examples` names a product of them. */
  const byExamples = (
    examples: string,
    field: string,
    isExample = (skill: string) => !isKind(skill),
  ) => {
    const named = readSkills(examples);
    // Brackets that restate what the field's own words name are no examples: "Salesforce (SFDC)".
    const fieldNames = new Set(readSkills(field));
    if (!named.some(isExample) || named.every((skill) => fieldNames.has(skill))) return;
    for (const skill of readSkills(field)) if (isKind(skill)) fields.add(skill);
  };
  const firstWords = (text: string, count: number) => text.split(/\s+/).slice(0, count).join(' ');
  for (const match of sentence.matchAll(EXAMPLES)) {
    // Only the list item the examples belong to: "Docker, CI/CD and cloud (AWS, GCP)" names cloud.
    const lead = sentence.slice(0, match.index).replace(/[\s,;:]+$/, '');
    const item = lead.split(/[,;:]|\b(?:and|or)\b/).pop() ?? '';
    const after = sentence.slice(match.index + match[0].length).split(/[)]/)[0] ?? '';
    byExamples(after, item.split(/\s+/).slice(-FIELD_REACH).join(' '));
  }
  // The field the tools are for: "Pandas and NumPy for data analysis", "Python for backend work".
  for (const match of sentence.matchAll(/\bfor\s/gi)) {
    const tools = sentence.slice(0, match.index).split(/[;:(]/).pop() ?? '';
    const purpose = firstWords(sentence.slice(match.index + match[0].length), 3);
    byExamples(tools, purpose, (skill) => !isKind(skill) && isPostingSkill(skill));
  }
  // The field after its example: "AWS or other cloud services", "Python, or other scripting languages".
  for (const match of sentence.matchAll(OR_OTHER)) {
    const example = sentence.slice(0, match.index).split(/[;:(]/).pop() ?? '';
    byExamples(example, firstWords(sentence.slice(match.index + match[0].length), FIELD_REACH));
  }
  return fields;
}

/** The products text names, not its fields of work. */
const productsIn = (text: string) => readSkills(text).filter((skill) => !AREA_SKILLS.has(skill));

/** What names the companies a seller works with: "cloud partners (AWS, GCP)", "GCP marketplaces". */
const PARTNERS = /\b(?:partners|providers|marketplaces|alliances|hyperscalers)\b/gi;
/** Words that make providers partners ("collaborate with cloud providers"), not services used. */
const WORKS_WITH = /\b(?:collaborat\w*|co-sell\w*|partner(?:ing)? with)\b/i;

/**
 * The products a sentence names as the company's partners rather than tools of the work: "Collaborate
 * with cloud providers (AWS, Azure, GCP)", "securing commitments across AWS and GCP marketplaces".
 * A sentence that asks ("Experience with cloud providers such as AWS") names tools, and so does
 * one that uses providers ("integrate payment providers such as Adyen").
 */
function partnersIn(sentence: string): Set<string> {
  const partners = new Set<string>();
  if (ASKS_OF_YOU.test(sentence)) return partners;
  for (const match of sentence.matchAll(PARTNERS)) {
    if (match[0].toLowerCase() === 'providers' && !WORKS_WITH.test(sentence)) continue;
    const after = sentence.slice(match.index + match[0].length);
    const examples = /^\s*\(/.test(after) ? (after.split(')')[0] ?? '') : '';
    const before = sentence
      .slice(0, match.index)
      .split(/[;:(]|\b(?:across|with|through|of)\b/)
      .pop();
    for (const skill of productsIn(`${examples}\n${before ?? ''}`)) partners.add(skill);
  }
  return partners;
}

/**
 * The skills text asks for, each sentence's fields named by their examples and the companies it
 * names as partners left out.
 */
const askedIn = (text: string): string[] =>
  sentencesIn(text).flatMap((sentence) => {
    const left = new Set([...exampledFields(sentence), ...partnersIn(sentence)]);
    return readSkills(sentence).filter((skill) => !left.has(skill));
  });

/** The skills in text that names the work or a field of study: its tools, not its fields. */
const toolsIn = (text: string) =>
  sentencesIn(text).flatMap((sentence) => {
    const partners = partnersIn(sentence);
    return productsIn(sentence).filter((skill) => !partners.has(skill));
  });

/**
 * Text without the sentences about the company's own offering ("Map Elastic's Search AI,
 * Observability, and Security capabilities to customer outcomes"): they name what it sells. The
 * company's name before a capitalised word names one of its products ("tell the Elastic Search AI
 * story"), so it is read without that name, which would otherwise make a skill of it ("Elastic
 * Search").
 */
function withoutPitch(company: string | undefined): (text: string) => string {
  const name = company?.trim().split(/\s+/)[0]?.replace(/\W/g, '') ?? '';
  if (name === '') return (text) => text;
  const possessive = new RegExp(`\\b${name}(?:'|’)s\\b`, 'i');
  const productName = new RegExp(`\\b${name}\\s+(?=[A-Z])`, 'g');
  return (text) =>
    sentencesIn(text)
      .filter((sentence) => !possessive.test(sentence))
      .map((sentence) => sentence.replace(productName, ''))
      .join('\n');
}

/** Text's sentences about a degree (whose subjects are fields of study) apart from the rest. */
function degreesApart(text: string): { degrees: string; rest: string } {
  // "A PhD in Physics, with expertise in Rust": the clause after the degree asks again.
  const sentences = sentencesIn(text).flatMap((sentence) => sentence.split(/,\s+(?=with\b)/));
  return {
    degrees: sentences.filter((sentence) => DEGREE.test(sentence)).join('\n'),
    rest: sentences.filter((sentence) => !DEGREE.test(sentence)).join('\n'),
  };
}

/**
 * The skills a posting asks for. The title, the duties, a stack it describes and a degree's
 * subjects name the work: their tools count ("build services in Go"), their fields of work do not
 * ("build data pipelines", "a BS in Statistics"), as the posting says apart what it asks (see
 * skillAreas.ts). A tool of the work that the posting asks only as a plus is a nice-to-have.
 */
export function postingSkillsOf(parts: PostingParts): PostingSkills {
  const pitch = withoutPitch(parts.company);
  const asks = degreesApart(pitch(parts.asks));
  const nice = degreesApart(pitch(parts.nice));
  const asked = askedIn(asks.rest);
  const plus = new Set([
    ...askedIn(nice.rest),
    ...toolsIn([parts.niceDuties, nice.degrees].join('\n')),
  ]);
  const work = toolsIn([parts.title, pitch(parts.duties), asks.degrees].join('\n'));
  const required = new Set([...asked, ...work.filter((skill) => !plus.has(skill))]);
  const niceOnly = [...plus].filter((skill) => !required.has(skill) && isPostingSkill(skill));
  return { skills: [...[...required].filter(isPostingSkill), ...niceOnly], niceSkills: niceOnly };
}
