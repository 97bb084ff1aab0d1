/**
 * The small, fixed vocabulary the offline answer model reads questions and passages with: words
 * that mean the same thing to a customer, phrases that stand for one word, and the markers of a
 * "no" and of a condition. General English, not tuned to any one document.
 */

/** Phrases read as one word before the words are split (both in questions and in passages). */
export const PHRASES: Array<[RegExp, string]> = [
  [/\b(?:send|sent|sending|bring|brought|take|took|give|mail|ship)(?:s)? (?:[a-z]+ )?back\b/g, 'return'],
  [/\bmoney back\b/g, 'refund'],
  [/\bnon-?profits?\b/g, 'nonprofit'],
  [/\b(?:free of charge|at no (?:extra )?(?:cost|charge)|complimentary|no charge)\b/g, 'free'],
  [/\bproof of purchase\b/g, 'receipt'],
  [/\b(?:quit|resign|leave the company|am fired|get fired)\b/g, 'employment ends'],
  [/\b(?:bathing|swim(?:ming)?) (?:suits?|costumes?|shorts)\b/g, 'swimwear'],
  [/\bswap(?:ped|ping|s)?\b/g, 'exchange'],
  // "use oil instead of butter" asks what "swap butter for oil" or "substitute oil for butter" answers.
  [/\b(?:use|using|used|take|have|get) ([a-z]+(?: [a-z]+)?) instead of\b/g, 'exchange $1 for'],
  [/\b(?:substitut|replac)(?:e|es|ed|ing)\b/g, 'exchange'],
  [/\bday(?:s)? off\b/g, 'leave'],
  [/\b(?:vacations?|pto|paid time off|holiday allowance)\b/g, 'annual leave'],
  [/\btime off\b/g, 'leave'],
  [/\bturn(?:s)? (?:itself )?off\b/g, 'shutoff'],
  [/\b(?:sign(?:ing)? up|join(?:ing)?|enrol(?:l|ling|ment)?)\b/g, 'member'],
  [/\b(check|shut|sign|log|pick|set|drop|cut)(?:-|\s)?(in|out|off|up|on)\b/g, '$1$2'],
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
  earlier: ['older', 'previous'],
  different: ['another', 'else'],
  get: ['gets', 'getting', 'got', 'receive', 'receives', 'received', 'entitled'],
  purchase: ['buy', 'bought', 'purchased'],
  automatic: ['auto', 'automatically'],
  phone: ['telephone', 'call', 'calling', 'ring', 'mobile', 'cellphone', 'smartphone'],
  refund: ['reimburse', 'reimbursement'],
  email: ['mail'],
  item: (
    'items product products stuff things thing belongings shoes shoe shirt shirts jacket jackets dress dresses ' +
    'jeans pants trousers coat coats sweater sweaters jumper hoodie boots skirt clothes clothing'
  ).split(' '),
  wifi: ['internet', 'wireless'],
  allow: ['allowed', 'permitted', 'permit', 'welcome', 'ok', 'okay', 'prohibited', 'forbidden', 'banned'],
  unauthorised: ['unauthorized'],
  colour: ['color', 'colors', 'colours'],
  collaborate: ['collaboration', 'collaborating'],
  weigh: ['weight', 'weighs'],
  annual: ['annually', 'yearly', 'year-long'],
  open: ['opens', 'opening'],
  freeze: ['frozen', 'froze', 'pause', 'suspend'],
  fee: ['fine', 'penalty', 'charge', 'charged', 'charges', 'surcharge'],
  food: ['meal', 'meals', 'lunch', 'lunches'],
  old: ['age', 'aged', 'ages', 'olds'],
  cost: ['price', 'prices', 'priced', 'pricing', 'costs', 'costing'],
  cancel: ['cancellation', 'cancelation', 'canceled', 'cancelled', 'terminate', 'termination'],
  employee: ['employees', 'staff', 'worker', 'workers', 'employed'],
  book: ['booking', 'reserve', 'schedule', 'appointment', 'appointments'],
  sick: ['ill', 'illness', 'sickness', 'unwell'],
  parental: ['maternity', 'paternity'],
  manager: ['boss', 'supervisor'],
  warranty: ['guarantee', 'guaranteed', 'warrantee'],
  faulty: ['broken', 'defective', 'defect', 'defects', 'faulty', 'malfunctioning'],
  repair: ['fix', 'fixed', 'mend', 'repaired'],
  instructor: ['teacher', 'professor', 'lecturer', 'tutor'],
  exam: ['test', 'tests', 'examination', 'exams'],
  assignment: ['homework', 'assignments', 'coursework'],
  plan: ['subscription', 'tier', 'plans'],
  train: ['trainer', 'trainers', 'coach'],
  package: ['parcel', 'parcels', 'packages'],
  ship: ['postage', 'delivery', 'deliveries', 'deliver', 'delivered', 'shipment'],
};

export const SURFACE_SYNONYMS: Map<string, string> = new Map(
  Object.entries(SYNONYM_GROUPS).flatMap(([canonical, words]) => words.map((w) => [w, canonical] as const)),
);

/**
 * Words that say no to one thing: "closed on Sundays" answers "open on Sunday?" with no, "waived for
 * annual members" answers "do annual members pay the fee?" with no. Each is read as that thing's
 * word, and says no only to a question about it ("Is there a final exam? The final exam is closed
 * book." is a yes).
 */
export const OPPOSITES: Record<string, string> = {
  closed: 'open',
  waived: 'pay',
  individually: 'together',
};

/** A clause saying no to anything asked of it: not, no, never, cannot, n't, non-, prohibited, will be removed. */
const NEGATION =
  /\b(?:not|no|never|cannot|none|nor|non|prohibited|forbidden|banned|excluded|forfeited)\b|n't\b|\bwill be removed\b/i;

/** Whether a clause says no to a question asking about these (stemmed) words. */
export function saysNo(clause: string, asked: Set<string>, stemOf: (w: string) => string): boolean {
  if (NEGATION.test(clause)) return true;
  return Object.entries(OPPOSITES).some(
    ([word, target]) => new RegExp(`\\b${word}\\b`, 'i').test(clause) && asked.has(stemOf(target)),
  );
}

/** Whether a question itself asks about the opposite ("Are you closed…?", "Is smoking prohibited?"): its answer turns. */
export const ASKS_OPPOSITE = /\b(?:closed|prohibited|forbidden|banned|excluded|not allowed|non-refundable)\b/i;

/** A clause that holds only under a condition. */
export const CONDITION =
  /\b(?:(?:aged|ages?|from) \d+ (?:months?|years?) to \d+|\d+ or (?:older|over|more)|with (?:prior |written )?(?:approval|permission|consent)|only|unless|subject to|provided (?:that|you|the|it)|as long as|if|when|discretion|longer than|more than|under \d+|at least \d+|up to \d+|from (?:january|february|march|april|may|june|july|august|september|october|november|december))\b/i;

/** Words a question needs no passage to say (verbs of asking, pronouns, fillers). */
export const GENERIC = new Set(
  (
    'get got getting have has take taken go going able also already still really actually ' +
    'there here anything something someone one ever much many long way time whenever want anytime ' +
    'least minimum maximum exactly usually normally possible option otherwise put bring spend worth till ' +
    'until submit apply applies valid number come comes came available needed required ' +
    'require requires necessary ' +
    // Where the customer is: "deliver to my house" asks whether they deliver.
    'house home place door doorstep apartment flat'
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
