/** Long-form copy (blog posts, legal documents) as data, rendered by one component. */
export type ContentBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: readonly string[] }
  | { kind: 'steps'; items: readonly string[] }
  | { kind: 'note'; text: string };

export function heading(text: string): ContentBlock {
  return { kind: 'heading', text };
}

export function paragraph(text: string): ContentBlock {
  return { kind: 'paragraph', text };
}

export function list(...items: string[]): ContentBlock {
  return { kind: 'list', items };
}

export function steps(...items: string[]): ContentBlock {
  return { kind: 'steps', items };
}

/** A highlighted remark, such as placeholder details the operator must fill in. */
export function note(text: string): ContentBlock {
  return { kind: 'note', text };
}

const WORDS_PER_MINUTE = 220;

export function readingMinutes(blocks: readonly ContentBlock[]): number {
  const words = blocks
    .flatMap((block) => ('items' in block ? block.items : [block.text]))
    .join(' ')
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}
