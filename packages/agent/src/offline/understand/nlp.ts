// Thin helpers over compromise (English part-of-speech tagging) for reading descriptions.
import nlp from 'compromise';

export interface Token {
  /** The word as written, without surrounding punctuation. */
  text: string;
  /** Lower case. */
  lower: string;
  tags: Set<string>;
  /** Offset of the word in the text it was read from. */
  start: number;
}

/** The words of a text with their part-of-speech tags and offsets. */
export function tokensOf(text: string): Token[] {
  const out: Token[] = [];
  const terms = nlp(text).json({ offset: true, terms: { offset: true } }) as Array<{
    terms: Array<{ text: string; tags: string[]; offset: { start: number } }>;
  }>;
  for (const sentence of terms)
    for (const t of sentence.terms) {
      const word = t.text.replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, '');
      if (word) out.push({ text: word, lower: word.toLowerCase(), tags: new Set(t.tags), start: t.offset.start });
    }
  return out;
}

// Words that end a noun phrase when reading backwards: verbs of wanting and keeping, articles, pronouns.
const PHRASE_BREAKS = new Set(
  'a an the my our your their his her its this that these those each every all some any and or of for to in on at with by from about app apps tracker track log keep manage catalogue catalog list store record plan planner want need i we you they it me us who which where when can could should will would is are was were be been has have had do does did also then just'.split(
    ' ',
  ),
);
// Verbs that often sit right before the entity noun ("customers order cakes", "members borrow things").
const COMMON_VERBS = new Set(
  'order book post borrow lend rent buy sell send own play rate review attend join visit submit leave sign use read write make take give get see watch add collect cook plan bring share'.split(
    ' ',
  ),
);
const PRONOUNS = new Set('i we you they he she it'.split(' '));
const PARTICIPLE = /^(?:[a-z]+ed|found|given|made|done|bought|taken|sold|seen|kept|held|owned)$/;

/**
 * The noun phrase that ends a text (at most `maxWords` words): "Track my savings goals" -> "savings goals",
 * "items found" -> "items", "Track invoices I send" -> "invoices". Null when the text ends in no noun.
 */
export function lastNounPhrase(text: string, maxWords = 2): { phrase: string; start: number } | null {
  const tokens = tokensOf(
    text.replace(
      /\s+(?:that\s+|which\s+)?(?:i|we|you|they)\s+(?:want|need|would like|'d like|plan|hope)\s+to\s+\w+\s*$/i,
      '',
    ),
  );
  let end = tokens.length - 1;
  if (end >= 1 && /^(off|up|out|down|over|away|back)$/.test(tokens[end]!.lower)) end--;
  // "the things I buy", "the sessions we play": a pronoun and its verb after the noun.
  if (end >= 2 && PRONOUNS.has(tokens[end - 1]!.lower)) end -= 2;
  // "items found": a participle after the noun.
  else if (end >= 1 && PARTICIPLE.test(tokens[end]!.lower) && !PHRASE_BREAKS.has(tokens[end - 1]!.lower)) end--;
  const head = tokens[end];
  if (!head || PHRASE_BREAKS.has(head.lower) || PRONOUNS.has(head.lower) || /^\d/.test(head.lower)) return null;
  let start = end;
  while (
    start > 0 &&
    end - start + 1 < maxWords &&
    !PHRASE_BREAKS.has(tokens[start - 1]!.lower) &&
    !COMMON_VERBS.has(tokens[start - 1]!.lower) &&
    !PRONOUNS.has(tokens[start - 1]!.lower) &&
    !tokens[start - 1]!.tags.has('PastTense') &&
    !tokens[start - 1]!.tags.has('Gerund') &&
    !/[^\sA-Za-z0-9-]/.test(text.slice(tokens[start - 1]!.start + tokens[start - 1]!.text.length, tokens[start]!.start))
  )
    start--;
  return {
    phrase: tokens
      .slice(start, end + 1)
      .map((t) => t.text)
      .join(' '),
    start: tokens[start]!.start,
  };
}

/** The first word of a text that is no article, pronoun or linking word: the subject of "each meeting is ...". */
export function firstNoun(text: string): string | null {
  return tokensOf(text).find((t) => !PHRASE_BREAKS.has(t.lower) && !PRONOUNS.has(t.lower))?.text ?? null;
}

/** True when compromise reads the word as a verb ("borrow", "sign", "attending"). */
export function isVerb(word: string): boolean {
  const t = tokensOf(word)[0];
  return Boolean(t && t.tags.has('Verb'));
}
