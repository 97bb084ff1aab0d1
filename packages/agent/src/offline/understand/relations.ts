// Links between entities written in words: "vaccinations belong to a pet", "a gig has many songs",
// "deals are linked to their contact", "companies post jobs", and the join entities of "members can
// RSVP to meetings" or "volunteers sign up for shifts".
import { entityNameOf } from '../describe';

export interface Relation {
  child: string;
  parent: string;
}

/** A record that joins two entities: its name and what its own fields are. */
export interface Join {
  name: string;
  left: string;
  right: string;
  fields: string;
}

// Verbs that make a record of their own ("members RSVP to meetings" -> an Rsvp per member and meeting).
// The last column says whether the verb alone makes both sides entities ("groups book the hall" does not).
const JOIN_VERBS: Array<[RegExp, string, string, boolean]> = [
  [/rsvps?|respond/, 'Rsvp', 'response (yes, no, maybe)', true],
  [/signs? up|register(?:s)?|enrol(?:l|ls|s)?/, 'Signup', 'signed up on (date)', true],
  [/borrows?|lends?|checks? out/, 'Loan', 'borrowed on (date), returned (yes/no)', true],
  [/books?|reserves?/, 'Booking', 'booked for (date)', false],
  [/attends?/, 'Attendance', 'attended (yes/no)', true],
  [/joins?/, 'Membership', 'joined on (date)', false],
  [/reviews?|rates?/, 'Review', 'rating (1-5), comment', false],
];
// Nouns that never become entities of their own when found next to a verb.
const NOT_ENTITIES =
  /^(it|they|them|you|we|i|people|users?|app|apps|time|day|days|week|list|data|things?|stuff|one|ones|everyone|anyone|someone)$/;
const DET = '(?:an?\\s+|the\\s+|their\\s+|its\\s+|one\\s+|each\\s+|every\\s+|some\\s+)?';

/** The entity a word names, when it is one of `names`. */
function resolve(word: string, names: readonly string[]): string | undefined {
  const name = entityNameOf(word);
  return name && names.includes(name) ? name : undefined;
}

/**
 * Entities a description only mentions in a link: "members can RSVP to meetings" names members,
 * "each meeting is about a book" a book.
 */
export function mentionedEntities(text: string): string[] {
  const out: string[] = [];
  const lower = text.toLowerCase();
  const take = (word: string) => {
    const name = NOT_ENTITIES.test(word) ? null : entityNameOf(word);
    if (name && !out.includes(name)) out.push(name);
  };
  for (const [verb, , , discover] of JOIN_VERBS) {
    if (!discover) continue;
    for (const m of lower.matchAll(
      new RegExp(
        `\\b([a-z]+s)(?:\\s*\\([^)]*\\))?\\s+(?:can\\s+|may\\s+|will\\s+)?(?:${verb.source})\\s+(?:to|for|on|in|into)?\\s*${DET}([a-z]+)`,
        'g',
      ),
    )) {
      take(m[1]!);
      take(m[2]!);
    }
  }
  for (const m of lower.matchAll(
    new RegExp(`\\b(?:each|every|an?|the)\\s+([a-z]+)\\s+(?:is|are)\\s+(?:about|for)\\s+${DET}([a-z]+)`, 'g'),
  )) {
    take(m[1]!);
    take(m[2]!);
  }
  return out;
}

/** Relations and joins between the entities of a description. */
export function relationsOf(text: string, names: readonly string[]): { relations: Relation[]; joins: Join[] } {
  const relations: Relation[] = [];
  const joins: Join[] = [];
  // Field lists in parentheses sit between the words of a link ("products (name, price) supplied by suppliers").
  const lower = text
    .toLowerCase()
    .replace(/\be-mail\b/g, 'email')
    .replace(/\s*\([^()]*\)/g, '');
  const add = (childWord: string, parentWord: string) => {
    const child = resolve(childWord, names);
    const parent = resolve(parentWord, names);
    if (child && parent && child !== parent && !relations.some((r) => r.child === child && r.parent === parent))
      relations.push({ child, parent });
  };
  const word = '([a-z]+(?: [a-z]+)?)';
  const patterns: Array<[RegExp, 'child-parent' | 'parent-child']> = [
    [
      new RegExp(
        `\\b${word}\\s+(?:belongs? to|belonging to|go(?:es)? to|(?:is|are) assigned to|(?:is|are) linked to|(?:is|are) for|(?:is|are) about|(?:is|are) part of|(?:is|are) in)\\s+${DET}${word}`,
        'g',
      ),
      'child-parent',
    ],
    [
      new RegExp(
        `\\b${word}\\s+(?:has|have|contains?|holds?)\\s+(?:many|several|multiple|a list of|lots of)\\s+${word}`,
        'g',
      ),
      'parent-child',
    ],
    [
      new RegExp(
        `\\b${word}\\s+(?:supplied|provided|made|written|run|owned|led|given|taught)\\s+by\\s+${DET}${word}`,
        'g',
      ),
      'child-parent',
    ],
  ];
  for (const [pattern, order] of patterns)
    for (const m of lower.matchAll(pattern)) {
      const [a, b] = [m[1]!.split(' '), m[2]!.split(' ')];
      // Two-word phrases are tried whole, then by their last / first word.
      const left = [m[1]!, a.at(-1)!];
      const right = [m[2]!, b[0]!, b.at(-1)!];
      const l = left.find((w) => resolve(w, names));
      const r = right.find((w) => resolve(w, names));
      if (l && r && order === 'child-parent') add(l, r);
      else if (l && r) add(r, l);
    }
  // "companies post jobs", "customers order cakes": the object belongs to the subject.
  for (const m of lower.matchAll(/\b([a-z]+)\s+(?:can\s+|may\s+)?([a-z]+)\s+([a-z]+)\b/g)) {
    const [subject, verb, object] = [m[1]!, m[2]!, m[3]!];
    if (
      !/s$/.test(subject) ||
      !/s$/.test(object) ||
      JOIN_VERBS.some(([v]) => new RegExp(`^(?:${v.source})$`).test(verb))
    )
      continue;
    if (/^(has|have|with|are|were|and|or|the|for|of|in)$/.test(verb)) continue;
    if (resolve(subject, names) && resolve(object, names)) add(object, subject);
  }
  // "tool lending: tools (…) and loans with …": in a lending or rental app, each loan is of the thing lent.
  for (const m of lower.matchAll(/\b([a-z]+)\s+(?:lending|library|libraries|rentals?|hire|loans?|share|sharing)\b/g)) {
    const thing = resolve(m[1]!, names);
    const loan = names.find((n) => /^(Loan|Rental|Borrowing|Checkout)$/.test(n));
    if (thing && loan) add(loan, thing);
  }
  // "members can RSVP to meetings", "volunteers sign up for shifts", "members borrow things".
  for (const [verb, name, fields] of JOIN_VERBS) {
    const pattern = new RegExp(
      `\\b([a-z]+)(?:\\s*\\([^)]*\\))?\\s+(?:can\\s+|may\\s+|will\\s+|who\\s+)?(?:${verb.source})\\s+(?:to|for|on|in|into)?\\s*${DET}([a-z]+)`,
      'g',
    );
    for (const m of lower.matchAll(pattern)) {
      const left = resolve(m[1]!, names);
      const right = resolve(m[2]!, names);
      if (left && right && left !== right && !joins.some((j) => j.left === left && j.right === right))
        joins.push({ name: names.includes(name) ? `${right}${name}` : name, left, right, fields });
    }
  }
  return { relations, joins };
}
