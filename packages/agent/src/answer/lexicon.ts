/**
 * The small, fixed vocabulary the offline answer model reads questions and passages with: words
 * that mean the same thing to a customer, phrases that stand for one word, and the markers of a
 * "no" and of a condition. General English, not tuned to any one document.
 */

/** Phrases read as one word before the words are split (both in questions and in passages). */
export const PHRASES: Array<[RegExp, string]> = [
  [
    /\b(?:send|sent|sending|bring|brought|take|took|give|mail|ship)(?:s)? (?:it |them |this |that |items? )?back\b/g,
    'return',
  ],
  [/\bmoney back\b/g, 'refund'],
  [/\bswap(?:ped|ping|s)?\b/g, 'exchange'],
  [/\bday(?:s)? off\b/g, 'leave'],
  [/\btime off\b/g, 'leave'],
  [/\bturn(?:s)? (?:itself )?off\b/g, 'shut off'],
  [/\bshut-off\b/g, 'shut off'],
  [/\bcash(?: it)? out\b/g, 'paid out in cash'],
  [/\broll(?:ed)? over\b/g, 'carry over'],
  [/\b(?:hand(?:ed)?|turn(?:ed)?) in\b/g, 'submit'],
  [/\bwork (?:together|in (?:a )?groups?|with others)\b/g, 'collaborate in groups'],
  [/\bwith (?:a |my )?(?:friends?|classmates?|someone|others|partners?)\b/g, 'with together'],
];

/** Word -> the word it stands for (surface forms; both sides are stemmed the same way). */
const SYNONYM_GROUPS: Record<string, string[]> = {
  swimwear: ['swimsuit', 'swimsuits', 'bikini', 'bikinis', 'trunks', 'swimming', 'bathing'],
  pet: ['dog', 'dogs', 'cat', 'cats', 'puppy', 'kitten', 'animal', 'animals'],
  child: ['children', 'kid', 'kids', 'son', 'daughter', 'toddler', 'baby', 'babies', 'minor'],
  leave: ['vacation', 'vacations', 'pto'],
  earlier: ['older', 'previous'],
  purchase: ['buy', 'bought', 'purchased'],
  automatic: ['auto', 'automatically'],
  phone: ['telephone', 'call', 'calling', 'ring'],
  refund: ['reimburse', 'reimbursement'],
  email: ['mail'],
  item: (
    'items product products stuff things thing belongings shoes shoe shirt shirts jacket jackets dress dresses ' +
    'jeans pants trousers coat coats sweater sweaters jumper hoodie boots skirt clothes clothing'
  ).split(' '),
  wifi: ['internet', 'wireless'],
  allow: ['allowed', 'permitted', 'permit', 'welcome', 'ok', 'okay'],
  unauthorised: ['unauthorized'],
  colour: ['color', 'colors', 'colours'],
  cancel: ['cancellation', 'cancelation', 'canceled', 'cancelled'],
  ship: ['delivery', 'deliveries', 'deliver', 'delivered', 'shipment'],
  collaborate: ['collaboration', 'collaborating'],
  weigh: ['weight', 'weighs'],
  freeze: ['frozen', 'froze', 'pause', 'suspend'],
  fee: ['fine', 'penalty'],
  package: ['parcel', 'parcels', 'packages'],
};

export const SURFACE_SYNONYMS: Map<string, string> = new Map(
  Object.entries(SYNONYM_GROUPS).flatMap(([canonical, words]) => words.map((w) => [w, canonical] as const)),
);

/**
 * Words that reverse the word next to them: the passage "closed on Sundays" answers "open on
 * Sunday?" with no. The word is read as its opposite and the clause as negated.
 */
export const OPPOSITES: Record<string, string> = {
  closed: 'open',
  prohibited: 'allow',
  forbidden: 'allow',
  banned: 'allow',
  excluded: 'include',
  waived: 'pay',
  forfeited: 'carry',
  individually: 'together',
  alone: 'together',
};

/** A clause saying no: not, no, never, cannot, n't, non-, none, nor, will be removed, opposite words. */
export const NEGATION = new RegExp(
  `\\b(?:not|no|never|cannot|none|nor|non|without exception)\\b|n't\\b|\\bwill be removed\\b|\\b(?:${Object.keys(OPPOSITES).join('|')})\\b`,
  'i',
);

/** A clause that holds only under a condition. */
export const CONDITION =
  /\b(?:only|unless|subject to|provided|as long as|if|when|discretion|longer than|more than|under \d+|(?:up to|at least) \d+ \S+ (?:before|after|in advance)|from (?:january|february|march|april|may|june|july|august|september|october|november|december))\b/i;

/** Words a question needs no passage to say (verbs of asking, pronouns, fillers). */
export const GENERIC = new Set(
  (
    'get got getting have has take taken go going able allowed also already still really actually ' +
    'there here anything something someone one ever much many long way time whenever want anytime ' +
    'least minimum maximum exactly usually normally possible option otherwise put bring spend worth till ' +
    'until submit apply applies valid booking reservation number'
  ).split(' '),
);

/** Words in a question after which the rest of the clause only adds a detail (with the tags on, if unopened). */
export const MODIFIER_START = /\b(?:with|if|even|though|although|because|since|that|which|i bought|when i)\b/i;

/** Units a number question may ask for, by the words that ask for them. */
export const UNIT_WORDS: Array<{ asks: RegExp; unit: RegExp }> = [
  {
    asks: /\b(?:how much|cost|price|fee|fine|charge|pay|spend|discount)\b/i,
    unit: /^(?:\$|€|£|\d[\d.,]*\s*%|\d[\d.,]*\s*(?:usd|eur|euros?|dollars?|pounds?))/i,
  },
  { asks: /\b(?:what time|when|open|close|until what|served)\b/i, unit: /\b(?:am|pm|noon|midnight|o'clock)\b/i },
  { asks: /\b(?:weigh|weight|heavy)\b/i, unit: /\b(?:kg|g|lbs?|pounds?)\b/i },
  { asks: /\b(?:tall|high|wide|deep|height|width|depth)\b/i, unit: /\b(?:cm|mm|m|in|inches|ft)\b/i },
  { asks: /\b(?:age|old)\b/i, unit: /\b(?:years? old|age)\b/i },
  { asks: /\b(?:phone|number|call)\b/i, unit: /\d{3}-\d{4}/ },
  { asks: /\bwatts?|power\b/i, unit: /\bwatts?\b/i },
];

/** Units of a duration ("how long"). */
export const DURATION = /\b(?:minutes?|hours?|days?|business days|working days|weeks?|months?|years?)\b/i;
