// $regex of the records' query language: JS syntax to PostgreSQL ARE (record-query.ts compiles the rest).
import { AppError } from '../../platform/errors';

const MAX_REPEAT = 255; // PostgreSQL's RE_DUPMAX
const MAX_EXPANSION = 2000; // PostgreSQL expands {m,n}; past ~10^4 states it says "too complex"

/**
 * Checks a JS pattern and returns its PostgreSQL ARE spelling, or throws a 400 naming the problem.
 * Works on the subset both engines read the same way (see the notes on `$regex` in record-query.ts).
 */
export function toPostgresRegex(pattern: string, field: string): string {
  const bad = (why: string): never => {
    throw new AppError('VALIDATION_FAILED', `Invalid regular expression in $regex on "${field}": ${why}`);
  };
  try {
    new RegExp(pattern, 'u');
  } catch (error) {
    bad((error as Error).message);
  }
  let out = '';
  let inClass = false;
  // Rough size of the compiled pattern: each repeat count multiplies what it repeats.
  const sizes: number[] = [0];
  let last = 0;
  const atom = (size: number) => {
    sizes[sizes.length - 1]! += size;
    last = size;
  };
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      const next = pattern[i + 1]!;
      if (next === 'b' || next === 'B') {
        if (inClass) bad('[\\b] is not supported');
        out += next === 'b' ? '\\y' : '\\Y';
        i++;
      } else if (next === 'x') {
        out += `\\u00${pattern.slice(i + 2, i + 4)}`;
        i += 3;
      } else if (next === 'u' && pattern[i + 2] === '{') {
        const end = pattern.indexOf('}', i);
        out += `\\U${pattern.slice(i + 3, end).padStart(8, '0')}`;
        i = end;
      } else if (
        next === 'u' &&
        /^[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}$/.test(pattern.slice(i + 2, i + 12))
      ) {
        // A surrogate pair escape is one character: PostgreSQL needs its code point.
        const code = String.fromCharCode(
          parseInt(pattern.slice(i + 2, i + 6), 16),
          parseInt(pattern.slice(i + 8, i + 12), 16),
        ).codePointAt(0)!;
        out += `\\U${code.toString(16).padStart(8, '0')}`;
        i += 11;
      } else if (next === 'u') {
        out += pattern.slice(i, i + 6);
        i += 5;
      } else if (next === 'c') {
        out += pattern.slice(i, i + 3);
        i += 2;
      } else if (/[1-9]/.test(next) || next === 'k') {
        bad('back-references are not supported');
      } else if (next === 'p' || next === 'P') {
        bad(`\\${next}{...} is not supported`);
      } else if (next === '0') {
        bad('\\0 is not supported');
      } else {
        out += c + next;
        i++;
      }
      if (!inClass) atom(1);
      continue;
    }
    if (inClass) {
      if (c === '[' && (pattern[i + 1] === ':' || pattern[i + 1] === '.' || pattern[i + 1] === '=')) {
        bad(`"[${pattern[i + 1]}" inside [...] is not supported (escape the "[")`);
      }
      if (c === ']') {
        inClass = false;
        atom(1);
      }
      out += c;
      continue;
    }
    if (c === '[') {
      inClass = true;
      const negated = pattern[i + 1] === '^';
      if (pattern[i + (negated ? 2 : 1)] === ']') bad(`"[${negated ? '^' : ''}]" is not supported`);
      out += negated ? '[^' : '[';
      if (negated) i++;
      continue;
    }
    if (c === '(') {
      if (pattern[i + 1] === '?' && pattern[i + 2] === '<' && pattern[i + 3] !== '=' && pattern[i + 3] !== '!') {
        bad('named groups are not supported');
      }
      sizes.push(0);
      out += c;
      continue;
    }
    if (c === ')') {
      atom(sizes.pop()!);
      out += c;
      continue;
    }
    if (c === '|') {
      last = 0;
      out += c;
      continue;
    }
    if (c === '*' || c === '+' || c === '?' || c === '{') {
      let factor = 2;
      let end = i;
      if (c === '{') {
        end = pattern.indexOf('}', i);
        const bounds = pattern
          .slice(i + 1, end)
          .split(',')
          .filter((b) => b !== '')
          .map(Number);
        if (bounds.some((b) => b > MAX_REPEAT)) bad(`repeat counts above ${MAX_REPEAT} are not supported`);
        factor = Math.max(1, ...bounds) + 1;
      }
      sizes[sizes.length - 1]! += last * (factor - 1);
      last *= factor;
      if (sizes.some((size) => size > MAX_EXPANSION)) bad('the pattern is too complex');
      out += pattern.slice(i, end + 1);
      i = end;
      // A `?` right after a quantifier makes it lazy; it is not a quantifier of its own.
      if (pattern[i + 1] === '?') {
        out += '?';
        i++;
      }
      continue;
    }
    if (c !== '^' && c !== '$') atom(1);
    out += c;
  }
  if (sizes.some((size) => size > MAX_EXPANSION)) bad('the pattern is too complex');
  return out;
}
