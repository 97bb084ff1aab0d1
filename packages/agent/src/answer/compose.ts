import type { AnswerStyle, Language } from './instructions';

/** The answer's own words in each language the offline model writes (quotes stay as the source wrote them). */
const WORDS: Record<
  Language,
  { yes: string; no: string; depends: string; notCovered?: string; friendly: string; formal: string }
> = {
  en: {
    yes: 'Yes',
    no: 'No',
    depends: 'It depends',
    friendly: 'Happy to help!',
    formal: 'Thank you for your question.',
  },
  fr: {
    yes: 'Oui',
    no: 'Non',
    depends: 'Cela dépend',
    notCovered: 'Les documents de cet outil ne répondent pas à cette question.',
    friendly: 'Avec plaisir !',
    formal: 'Merci pour votre question.',
  },
  es: {
    yes: 'Sí',
    no: 'No',
    depends: 'Depende',
    notCovered: 'Los documentos de esta herramienta no responden a esta pregunta.',
    friendly: '¡Con mucho gusto!',
    formal: 'Gracias por su pregunta.',
  },
  de: {
    yes: 'Ja',
    no: 'Nein',
    depends: 'Das kommt darauf an',
    notCovered: 'Die Unterlagen dieses Tools beantworten diese Frage nicht.',
    friendly: 'Gern geholfen!',
    formal: 'Vielen Dank für Ihre Frage.',
  },
};

export interface ComposedQuote {
  text: string;
  sourceName: string;
}

export interface Lead {
  kind: 'yes' | 'no' | 'depends' | 'number';
  /** The number's text ("30 days", "$5.99") or the condition ("except swimwear…"). */
  detail?: string;
}

const unquoted = (text: string) => text.replace(/\s*[.;:]$/, '');

function leadText(lead: Lead, language: Language): string {
  if (lead.kind === 'number') return lead.detail!;
  const word = WORDS[language][lead.kind];
  return lead.detail ? `${word} — ${unquoted(lead.detail)}` : word;
}

/** One question's share of an answer: its lead and quotes, or the "doesn't answer this" message. */
export interface AnswerPart {
  /** Shown as the part's heading when one message asks several questions. */
  question?: string;
  lead?: Lead;
  quotes: ComposedQuote[];
  /** The plain "the data doesn't answer this" message (English, from the contract). */
  notCovered?: string;
}

function partText(part: AnswerPart, style: AnswerStyle, greeting: string): string {
  const words = WORDS[style.language];
  if (part.notCovered !== undefined)
    return `${greeting}${(style.language !== 'en' && words.notCovered) || part.notCovered}`;
  if (style.oneSentence) {
    const [first] = part.quotes;
    const quote = first ? `“${unquoted(first.text)}” (${first.sourceName})` : '';
    const lead = part.lead ? leadText(part.lead, style.language) : '';
    return `${greeting}${[lead, quote].filter(Boolean).join(': ')}.`;
  }
  if (style.bullets) {
    const lines = part.lead ? [`- **${leadText(part.lead, style.language)}**`] : [];
    for (const q of part.quotes) lines.push(`- “${unquoted(q.text)}” — *${q.sourceName}*`);
    return `${greeting}\n\n${lines.join('\n')}`.trim();
  }
  const blocks: string[] = [];
  if (part.lead || greeting)
    blocks.push(`${greeting}${part.lead ? `**${leadText(part.lead, style.language)}.**` : ''}`.trim());
  for (const q of part.quotes) blocks.push(`> ${q.text}\n\n— *${q.sourceName}*`);
  return blocks.join('\n\n');
}

/**
 * The answer as markdown in the builder's style: for each question asked, the lead (yes, no, it
 * depends, the number) and each quote under its source, or the "doesn't answer this" message; then
 * the closing line; then the instructions it could not follow.
 */
export function composeAnswer(input: { parts: AnswerPart[]; style: AnswerStyle }): string {
  const { style } = input;
  const greeting = style.tone ? `${WORDS[style.language][style.tone]} ` : '';
  const parts = input.parts.map((part, i) => {
    const text = partText(part, style, i === 0 ? greeting : '');
    return part.question ? `**${part.question}**\n\n${text}` : text;
  });
  if (style.closing) parts.push(style.closing);
  if (style.notApplied.length)
    parts.push(`_Not applied by the offline model: ${style.notApplied.map((s) => `“${unquoted(s)}”`).join('; ')}._`);
  return parts.join('\n\n');
}
