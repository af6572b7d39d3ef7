/**
 * The parts of a description that speak of the role itself (what it asks for and what it does),
 * apart from the company blurb, benefits and legal text, so skills are read only where the role
 * asks for them. Sections are found by their headings: a short line, or one ending in ":".
 */

export type SectionKind = 'required' | 'nice' | 'role' | 'company';

const HEADINGS: readonly (readonly [SectionKind, RegExp])[] = [
  [
    'nice',
    /nice[- ]to[- ]have|bonus|preferred|pluses|a plus|extra credit|ideally|good to have|would be great|stand out|even better/i,
  ],
  [
    'company',
    // "About Zoox": any "About ..." heading but the role's own ("About the Role", "About You").
    /^\s*about (?!you|the (?:role|position|job|opportunity)|this (?:role|position|job))|about (?:us|the company|the team|our)|who we are|why (?:join|work)|benefits|perks|what we offer|we offer|our (?:culture|values|mission|story)|equal (?:employment|opportunity)|compensation|salary|pay (?:range|transparency)|privacy|diversity|inclusion|accommodation|life at|how we work|our hiring|interview process|commitment/i,
  ],
  [
    'required',
    /requirement|qualification|what you(?:'|’)?ll need|you(?:'|’)?ll need|what we(?:'|’)?re looking for|looking for|about you|who you are|you (?:have|bring|are)|must[- ]have|skills|experience|what you bring|what you(?:'|’)?ll bring|you might be|ideal candidate|you should|to be successful|competenc/i,
  ],
  [
    'role',
    /responsibilit|what you(?:'|’)?ll do|what you will do|you will|the role|your role|in this role|the job|day[- ]to[- ]day|your impact|what you(?:'|’)?ll work on|the opportunity|the position|key duties|duties|mission|your work|you(?:'|’)?ll/i,
  ],
];

/** A heading: a short line (no sentence end) or one ending in ":". */
const isHeading = (line: string): boolean => {
  const trimmed = line.trim();
  if (trimmed === '' || trimmed.length > 80 || /^[-*•·]/.test(trimmed)) return false;
  return trimmed.endsWith(':') || (trimmed.split(/\s+/).length <= 8 && !/[.!?,;]$/.test(trimmed));
};

export interface RoleText {
  /** What the role asks for and what it does. */
  readonly required: string;
  readonly nice: string;
}

/**
 * The description split into the role's own text and its nice-to-haves. Text before the first
 * heading counts as the role's only when no heading marks the role's sections.
 */
export function roleText(description: string): RoleText {
  const lines = description.split('\n');
  const sections: { kind: SectionKind | null; lines: string[] }[] = [{ kind: null, lines: [] }];
  for (const line of lines) {
    const heading = isHeading(line)
      ? HEADINGS.find(([, pattern]) => pattern.test(line))
      : undefined;
    if (heading !== undefined) sections.push({ kind: heading[0], lines: [line] });
    else sections[sections.length - 1]?.lines.push(line);
  }
  const textOf = (kinds: readonly (SectionKind | null)[]) =>
    sections
      .filter((section) => kinds.includes(section.kind))
      .map((section) => section.lines.join('\n'))
      .join('\n');
  const marked = sections.some((section) => section.kind === 'required' || section.kind === 'role');
  return {
    required: textOf(marked ? ['required', 'role'] : [null, 'required', 'role']),
    nice: textOf(['nice']),
  };
}
