/**
 * robots.txt as RFC 9309 reads it: groups of user-agent lines followed by Allow/Disallow rules; the
 * crawler obeys the groups naming its product token, or the `*` groups when none does; the longest
 * matching rule wins and Allow wins a tie; `*` matches any run of characters and a final `$`
 * anchors the end.
 */

/** The product token our crawler answers to in robots.txt. */
export const ROBOTS_PRODUCT_TOKEN = 'Tessera';

/** What robots.txt lets the crawler fetch on one origin. */
export interface RobotsRules {
  /** True when the path (with its query) may be fetched. */
  isAllowed(pathAndQuery: string): boolean;
}

interface Rule {
  allow: boolean;
  /** The pattern as written (canonical), whose length ranks the match. */
  pattern: string;
  /** The pattern to match the whole path with: `*` added at the end unless it ended in `$`. */
  glob: string;
}

interface Group {
  agents: string[];
  rules: Rule[];
}

/** Everything may be fetched (no robots.txt, or it answered 4xx). */
export const ALLOW_ALL: RobotsRules = { isAllowed: () => true };
/** Nothing may be fetched (robots.txt unreachable: RFC 9309 says assume a full disallow). */
export const DISALLOW_ALL: RobotsRules = { isAllowed: (path) => path === '/robots.txt' };

const toGlob = (pattern: string): string =>
  (pattern.endsWith('$') ? pattern.slice(0, -1) : `${pattern}*`).replace(/\*+/g, '*');

/**
 * Whole-string wildcard match where `*` is any run of characters. Backtracks only to the last star,
 * so it runs in O(pattern x text) — a hostile robots.txt full of stars cannot stall the crawler the
 * way a backtracking regex could.
 */
export function globMatch(glob: string, text: string): boolean {
  let g = 0;
  let t = 0;
  let star = -1;
  let mark = 0;
  while (t < text.length) {
    if (g < glob.length && glob[g] !== '*' && glob[g] === text[t]) {
      g++;
      t++;
    } else if (g < glob.length && glob[g] === '*') {
      star = g++;
      mark = t;
    } else if (star !== -1) {
      g = star + 1;
      t = ++mark;
    } else return false;
  }
  while (g < glob.length && glob[g] === '*') g++;
  return g === glob.length;
}

// Robots files and URLs may percent-encode differently; compare both in one canonical form.
const canonicalPath = (path: string): string => {
  try {
    return encodeURI(decodeURI(path));
  } catch {
    return path;
  }
};

/** Parses a robots.txt body into the rules that apply to `productToken` (default "Tessera"). */
export function parseRobots(text: string, productToken: string = ROBOTS_PRODUCT_TOKEN): RobotsRules {
  const groups: Group[] = [];
  let current: Group | null = null;
  let lastWasAgent = false;

  for (const rawLine of text.split(/\r\n|\r|\n/)) {
    const line = rawLine.replace(/#.*$/, '').trim();
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'user-agent') {
      // Consecutive user-agent lines share one group; one after rules starts a new group.
      if (!current || !lastWasAgent) {
        current = { agents: [], rules: [] };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if ((key === 'allow' || key === 'disallow') && current) {
      // An empty Disallow allows everything, which is what no rule at all means.
      if (!value) continue;
      const pattern = canonicalPath(value);
      current.rules.push({ allow: key === 'allow', pattern, glob: toGlob(pattern) });
    }
  }

  const token = productToken.toLowerCase();
  const mine = groups.filter((g) => g.agents.some((a) => a === token || a.startsWith(`${token}/`)));
  const chosen = mine.length > 0 ? mine : groups.filter((g) => g.agents.includes('*'));
  const rules = chosen.flatMap((g) => g.rules);
  if (rules.length === 0) return ALLOW_ALL;

  return {
    isAllowed(pathAndQuery: string): boolean {
      const path = canonicalPath(pathAndQuery || '/');
      if (path === '/robots.txt') return true;
      let best: Rule | null = null;
      for (const rule of rules) {
        if (!globMatch(rule.glob, path)) continue;
        if (
          !best ||
          rule.pattern.length > best.pattern.length ||
          (rule.pattern.length === best.pattern.length && rule.allow)
        )
          best = rule;
      }
      return best ? best.allow : true;
    },
  };
}
