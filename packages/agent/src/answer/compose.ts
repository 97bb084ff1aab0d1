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

/**
 * The answer as markdown in the builder's style: the lead (yes, no, it depends, the number), then
 * each quote under its source; the closing line; then the instructions it could not follow.
 */
export function composeAnswer(input: {
  lead?: Lead;
  quotes: ComposedQuote[];
  /** The plain "the data doesn't answer this" message (English, from the contract). */
  notCovered?: string;
  style: AnswerStyle;
}): string {
  const { style } = input;
  const words = WORDS[style.language];
  const greeting = style.tone ? `${words[style.tone]} ` : '';
  const parts: string[] = [];
  if (input.notCovered !== undefined) {
    parts.push(`${greeting}${(style.language !== 'en' && words.notCovered) || input.notCovered}`);
  } else if (style.oneSentence) {
    const [first] = input.quotes;
    const quote = first ? `“${unquoted(first.text)}” (${first.sourceName})` : '';
    const lead = input.lead ? leadText(input.lead, style.language) : '';
    parts.push(`${greeting}${[lead, quote].filter(Boolean).join(': ')}.`);
  } else if (style.bullets) {
    const lines = input.lead ? [`- **${leadText(input.lead, style.language)}**`] : [];
    for (const q of input.quotes) lines.push(`- “${unquoted(q.text)}” — *${q.sourceName}*`);
    parts.push(`${greeting}\n\n${lines.join('\n')}`.trim());
  } else {
    if (input.lead || greeting)
      parts.push(`${greeting}${input.lead ? `**${leadText(input.lead, style.language)}.**` : ''}`.trim());
    for (const q of input.quotes) parts.push(`> ${q.text}\n\n— *${q.sourceName}*`);
  }
  if (style.closing) parts.push(style.closing);
  if (style.notApplied.length)
    parts.push(`_Not applied by the offline model: ${style.notApplied.map((s) => `“${unquoted(s)}”`).join('; ')}._`);
  return parts.join('\n\n');
}
