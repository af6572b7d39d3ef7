import type { VisaSponsorship } from '../jobRecord';

const NO =
  /\b(?:(?:not|unable to|cannot|can't|won't|will not|do not|does not|don't|doesn't)\s+(?:be\s+)?(?:\w+\s+){0,4}(?:sponsor|sponsoring|provide\s+(?:[\w-]+\s+)?sponsorship|offer\s+(?:[\w-]+\s+)?sponsorship|support\s+(?:\w+\s+)?(?:visa|sponsorship)|(?:visa|immigration)\s+support)|no\s+(?:\w+\s+)?(?:visa\s+)?sponsorship|without\s+(?:the\s+)?(?:need\s+(?:for|of)\s+)?(?:\w+\s+)?sponsorship|sponsorship\s+(?:is\s+|will\s+)?(?:not|un)\s*(?:be\s+)?(?:available|provided|offered|possible)|(?:requir|need)\w*\s+(?:\w+\s+){0,2}sponsorship\b[^.]{0,60}\bnot\s+(?:be\s+)?(?:eligible|considered)|(?:not|unable to|cannot|can't)\s+(?:\w+\s+)?(?:open\s+to|consider|accept|welcome)\s+(?:\w+\s+){0,3}(?:requir|need)\w*\s+(?:\w+\s+)?sponsorship|sponsorship(?:\s+available)?\s*:\s*no\b)/i;
/**
 * Work only citizens, permanent residents or cleared people may do: no visa can help. "US Citizen
 * or a Green Card holder", "must be a U.S. person" (export control's term for both).
 */
const CITIZENS_ONLY =
  /\b(?:U\.?S\.? citizenship (?:is )?(?:required|needed)|citizenship is required|must be an? (?:U\.?S\.? )?(?:citizen|person\b)|U\.?S\.? citizens?(?:hip)? or (?:an? )?(?:green card holders?|(?:lawful )?permanent resid(?:ents?|ence|ency))|U\.?S\.? citizenship and|active (?:security |secret |top secret |TS\/SCI )?clearance|(?:security|secret|TS\/SCI) clearance\b[^.\n]{0,30}?\b(?:is )?(?:required|mandatory))|sponsorship[^.]{0,40}\b(?:is |are )?(?:unavailable|not available|not provided|not offered)|\bno\s+(?:\w+\s+){0,3}visa\b/i;
const YES =
  /\b(?:(?:will|can|may|do|does|are able to|is able to)\s+(?:\w+\s+){0,2}sponsor|(?:visa|immigration)\s+sponsorship\s+(?:is\s+)?(?:available|provided|offered|possible)|(?:offer|offers|provide|provides|offering|providing)\s+(?:\w+\s+){0,2}(?:visa|immigration|H-?1B)\s+(?:sponsorship|support)|(?:visa|immigration)\s+support|sponsor(?:s|ing)?\s+(?:\w+\s+)?(?:visas?|H-?1B)\b|(?:welcome|consider|open\s+to)\s+(?:\w+\s+){0,2}(?:who\s+)?(?:require|need)\s+(?:visa\s+)?sponsorship|(?:support|assist|help)\s+(?:with\s+)?(?:\w+\s+){0,2}(?:visa|immigration)\s+(?:application|process)|sponsorship\s+(?:is\s+)?available|eligible\s+for\s+(?:visa\s+)?sponsorship|open\s+to\s+sponsor(?:ing)?|(?:visa|H-?1B)\s+transfers?|sponsorship(?:\s+available)?\s*:\s*yes\b)/i;
/** A requirement to hold the right to work already ("must be authorized to work in the US"). */
const WORK_RIGHT_REQUIRED =
  /\b(?:right to work in|(?:must|will need to|need to|should)\s+(?:be\s+)?(?:(?:legally|currently|already|fully|presently)\s+){0,2}(?:authori[sz]ed|eligible|entitled|permitted)\s+to\s+work\b|\bwork\s+authori[sz]ation\s+(?:is\s+)?required|must\s+(?:have|hold|possess)\s+(?:\w+\s+){0,2}(?:work\s+authori[sz]ation|authori[sz]ation\s+to\s+work|work\s+permit))/i;

/**
 * Export control's "without sponsorship for an export license", which many boards append: a licence
 * the employer would seek for the technology, not a work visa.
 */
const EXPORT_LICENCE = /\bsponsorship\s+for\s+an?\s+export\s+licen[cs]e\b/gi;

/**
 * Whether the posting says it sponsors work visas: a refusal counts over an offer, and an offer over
 * a requirement to hold the right to work already (which alone means no sponsorship).
 */
export function visaFrom(text: string): VisaSponsorship {
  const bounded = text.slice(0, 50_000).replace(EXPORT_LICENCE, 'an export licence');
  if (NO.test(bounded) || CITIZENS_ONLY.test(bounded)) return 'no';
  if (YES.test(bounded)) return 'yes';
  return WORK_RIGHT_REQUIRED.test(bounded) ? 'no' : 'not-said';
}
