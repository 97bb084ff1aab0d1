import type { z } from 'zod';

type Issue = z.core.$ZodIssue;

/** Labels of the field names whose humanised form reads badly. */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  email: 'E-mail',
  newEmail: 'E-mail',
  supportEmail: 'Support e-mail',
  password: 'Password',
  currentPassword: 'Current password',
  newPassword: 'New password',
  name: 'Name',
  appName: 'App name',
  continueUrl: 'Continue address',
};

const ACRONYMS: Record<string, string> = { url: 'URL', id: 'ID', ai: 'AI', csv: 'CSV', api: 'API' };

/** `due_date`, `dueDate`, `due-date` → "Due date". */
export function humaniseFieldName(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_\-.]+/)
    .filter(Boolean)
    .map((w) => ACRONYMS[w.toLowerCase()] ?? w.toLowerCase());
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The label of an issue's field: its last named path segment (list positions are skipped). */
function labelOf(path: readonly PropertyKey[], labels: Readonly<Record<string, string>>): string | null {
  for (let i = path.length - 1; i >= 0; i--) {
    const key = path[i];
    if (typeof key !== 'string') continue;
    return Object.hasOwn(labels, key)
      ? labels[key]!
      : Object.hasOwn(FIELD_LABELS, key)
        ? FIELD_LABELS[key]!
        : humaniseFieldName(key);
  }
  return null;
}

const plural = (n: number | bigint, one: string, many = `${one}s`) => `${n} ${Number(n) === 1 ? one : many}`;

/** Zod's own English wording (as opposed to a message written in one of our schemas). */
const ZOD_WORDING = /^(Invalid |Too big:|Too small:|Unrecognized key)/;

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  date: 'a date',
  null: 'empty (null)',
};

const FORMAT_WORDS: Record<string, string> = {
  email: 'a valid e-mail address',
  url: 'a web address',
  uuid: 'a valid ID',
  guid: 'a valid ID',
  datetime: 'a date and time (such as 2026-01-31T09:30:00Z)',
  date: 'a date (such as 2026-01-31)',
  time: 'a time of day (such as 09:30)',
  ipv4: 'an IPv4 address',
  ipv6: 'an IPv6 address',
  base64: 'base64 text',
  jwt: 'a token',
};

const quoted = (values: readonly unknown[]) => values.map((v) => JSON.stringify(v) ?? String(v)).join(', ');

function describeTooBig(subject: string, issue: Extract<Issue, { code: 'too_big' }>): string {
  const max = issue.maximum;
  const limit = issue.inclusive || issue.exact ? max : typeof max === 'bigint' ? max - 1n : max - 1;
  switch (issue.origin) {
    case 'string':
      return issue.exact
        ? `${subject} must be exactly ${plural(max, 'character')} long`
        : `${subject} is too long (${plural(limit, 'character')} at most)`;
    case 'array':
    case 'set':
      return `${subject} has too many items (${limit} at most)`;
    case 'file':
      return `${subject} is too large (${plural(limit, 'byte')} at most)`;
    case 'date':
      return `${subject} must be on or before ${new Date(Number(max)).toISOString()}`;
    default:
      return issue.inclusive ? `${subject} must be at most ${max}` : `${subject} must be less than ${max}`;
  }
}

function describeTooSmall(subject: string, issue: Extract<Issue, { code: 'too_small' }>): string {
  const min = issue.minimum;
  const limit = issue.inclusive || issue.exact ? min : typeof min === 'bigint' ? min + 1n : min + 1;
  switch (issue.origin) {
    case 'string':
      if (Number(limit) === 1) return `${subject} is required`;
      return issue.exact
        ? `${subject} must be exactly ${plural(min, 'character')} long`
        : `${subject} is too short (${plural(limit, 'character')} at least)`;
    case 'array':
    case 'set':
      return `${subject} needs at least ${plural(limit, 'item')}`;
    case 'date':
      return `${subject} must be on or after ${new Date(Number(min)).toISOString()}`;
    default:
      return issue.inclusive ? `${subject} must be at least ${min}` : `${subject} must be more than ${min}`;
  }
}

/**
 * One validation issue in plain words for the person who sent the value: "E-mail is too long (254
 * characters at most)", "Rating must be a whole number". The field is named by `labels`, then by
 * FIELD_LABELS, else by its humanised name; a message written in a schema (such as "must be true or
 * false") is kept, after the field's label.
 */
export function describeIssue(issue: Issue, labels: Readonly<Record<string, string>> = {}): string {
  const label = labelOf(issue.path, labels);
  const subject = label ?? 'The value';
  if (issue.code === 'custom' || !ZOD_WORDING.test(issue.message)) {
    const own = issue.message.trim() || 'is not valid';
    if (own.charAt(0) !== own.charAt(0).toLowerCase()) return own;
    return label ? `${label} ${own}` : own.charAt(0).toUpperCase() + own.slice(1);
  }
  switch (issue.code) {
    case 'invalid_type':
      // Zod names what it received only in its message: "…, received undefined" is a missing field.
      if (issue.message.endsWith('received undefined')) return `${subject} is required`;
      return `${subject} must be ${TYPE_WORDS[issue.expected] ?? issue.expected}`;
    case 'too_big':
      return describeTooBig(subject, issue);
    case 'too_small':
      return describeTooSmall(subject, issue);
    case 'invalid_format':
      if (issue.format === 'starts_with' && 'prefix' in issue) return `${subject} must start with "${issue.prefix}"`;
      if (issue.format === 'ends_with' && 'suffix' in issue) return `${subject} must end with "${issue.suffix}"`;
      if (issue.format === 'includes' && 'includes' in issue) return `${subject} must contain "${issue.includes}"`;
      return FORMAT_WORDS[issue.format]
        ? `${subject} must be ${FORMAT_WORDS[issue.format]}`
        : `${subject} is not in the expected format`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `${subject} must be ${quoted(issue.values)}`
        : `${subject} must be one of ${quoted(issue.values)}`;
    case 'not_multiple_of':
      return `${subject} must be a multiple of ${issue.divisor}`;
    case 'unrecognized_keys': {
      const what = issue.keys.length === 1 ? 'is not a known field' : 'are not known fields';
      return `${quoted(issue.keys)} ${what}${label ? ` of ${label}` : ''}`;
    }
    case 'invalid_key':
      return `${subject} has a key that is not valid`;
    case 'invalid_element':
      return `${subject} has a value that is not valid`;
    default:
      return `${subject} is not valid`;
  }
}
