/**
 * The builder's instructions as the offline answer model can follow them: a tone, a length, a
 * format, the reply's language (a small fixed set), a fixed closing line. Every other instruction
 * is reported back as not applied, never silently dropped.
 */
export type Language = 'en' | 'fr' | 'es' | 'de';

export interface AnswerStyle {
  tone?: 'friendly' | 'formal';
  oneSentence: boolean;
  bullets: boolean;
  language: Language;
  closing?: string;
  /** The instructions it cannot follow, as the builder wrote them. */
  notApplied: string[];
}

const LANGUAGES: Record<string, Language> = {
  english: 'en',
  french: 'fr',
  francais: 'fr',
  spanish: 'es',
  espanol: 'es',
  german: 'de',
  deutsch: 'de',
};
const LANGUAGE_ASK =
  /\b(?:in|into|reply in|answer in|respond in|write in|use)\s+(english|french|fran[cç]ais|spanish|espa[nñ]ol|german|deutsch|[a-z]+ese|[a-z]+ish|[a-z]+ian|arabic|hindi|greek|dutch|thai|hebrew|swahili)\b/i;
const CLOSING =
  /\b(?:end|finish|close|conclude|sign off|sign)\b[^"'“‘:]*?\bwith\b\s*:?\s*(?:["“‘']([^"”’']+)["”’']|(.+))$/i;
const FRIENDLY = /\b(?:friendly|warm|cheerful|casual|upbeat|kind|enthusiastic)\b/i;
const FORMAL = /\b(?:formal|professional|polite|courteous|respectful)\b/i;
const ONE_SENTENCE = /\b(?:one|single|1)\s+sentence\b|\bbrief(?:ly)?\b|\bshort\b|\bconcise(?:ly)?\b|\bkeep it short\b/i;
const BULLETS = /\bbullet(?:s|ed)?\b|\bas a list\b|\blist format\b/i;
/** What the model does anyway: answer the request from the data, and say so when the data does not. */
const FRAMING =
  /^(?:you are|you're|act as|as an?|use (?:only )?the|only use|based on|using|according to|look up|check)\b|^(?:please )?(?:answer|reply to|respond to|help|assist)(?: to)? (?:the |a |an |their |this |each |every |any |our )?(?:customer|user|visitor|client|question|request|people|shopper|guest|patient|member|student|employee|caller|buyer)s?(?:'s?)?\b|\b(?:don'?t|do not|never) (?:make|invent|guess|speculate)|\bif (?:you don'?t know|the (?:data|policy|document|faq)s? (?:doesn'?t|does not))|\bsay (?:so|you don'?t know)\b|\bonly (?:from|use|answer)\b|^(?:please )?be (?:helpful|accurate|honest|clear|precise|nice|kind|factual)\b|\b(?:cite|quote)\b|\bname the source/i;

function sentencesOf(instructions: string): string[] {
  return instructions
    .split(/\n+|(?<=[.!?])\s+(?=[A-Z"“'])/)
    .map((s) => s.trim())
    .filter((s) => s.length > 1);
}

/** Reads the instructions (tags already filled); `question` lets a sentence that only carries the question pass. */
export function readInstructions(instructions: string | undefined, question = ''): AnswerStyle {
  const style: AnswerStyle = { oneSentence: false, bullets: false, language: 'en', notApplied: [] };
  const asked = question.trim().toLowerCase();
  for (const sentence of sentencesOf(instructions ?? '')) {
    let followed = false;
    const closing = CLOSING.exec(sentence);
    if (closing) {
      style.closing = (closing[1] ?? closing[2] ?? '').trim().replace(/[.]$/, '');
      followed = true;
    }
    const body = closing ? sentence.slice(0, closing.index) : sentence;
    const language = LANGUAGE_ASK.exec(body);
    if (language) {
      const code =
        LANGUAGES[
          language[1]!
            .toLowerCase()
            .normalize('NFKD')
            .replace(/[\u0300-\u036f]/g, '')
        ];
      if (code) {
        style.language = code;
        followed = true;
      } else {
        style.notApplied.push(sentence);
        continue;
      }
    }
    if (FRIENDLY.test(body)) [style.tone, followed] = ['friendly', true];
    else if (FORMAL.test(body)) [style.tone, followed] = ['formal', true];
    if (ONE_SENTENCE.test(body)) [style.oneSentence, followed] = [true, true];
    if (BULLETS.test(body)) [style.bullets, followed] = [true, true];
    const onlyQuestion = asked !== '' && sentence.toLowerCase().includes(asked);
    if (!followed && !onlyQuestion && !FRAMING.test(sentence)) style.notApplied.push(sentence);
  }
  return style;
}
