import { entitiesOf, parseLenientJson } from './json';
import {
  ACTION_TYPES,
  DEFAULT_GROUP_TITLE,
  type ActionPermissions,
  type ActionType,
  type GroupSegment,
  type ParsedAction,
  type ParsedMessage,
  type TextSegment,
} from './types';

/*
 * A line-based state machine. Decisions are taken only on complete lines, so feeding the text in
 * any chunking gives the same result as feeding it at once; the unfinished last line is shown
 * tentatively (with any half-written tag hidden) while the stream is still open.
 *
 * Closing-tag rule: `</tessera-action>` closes an action only when it starts a line (after
 * indentation) or ends one (only spaces or further tessera tags after it). So a closing tag inside
 * a string literal in the middle of a line of code stays content.
 */

// Tag names are case-insensitive and take `_` for `-` (`<tessera_action>`): both occur in model output.
const TAG = /<(\/?)tessera[-_](group|action)(?=[\s>/]|$)/gi;
const CLOSE_ACTION = /<\/tessera[-_]action\s*>/gi;
const LINE_START_CLOSE = /^<\/tessera[-_]action\s*>/i;
const LINE_START_TAG = /^(?:<tessera[-_](?:group|action)(?:[\s>/]|$)|<\/tessera[-_]group\s*>)/i;
const AFTER_CLOSE_OK = /^\s*(?:$|<\/?tessera[-_])/i;
const ATTR = /([A-Za-z_:][-\w:.]*)\s*(?:=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>=`]+)))?/g;
const OPEN_FENCE = /^(`{3,}|~{3,})[^`]*$/;
const BARE_FENCE = /^(`{3,}|~{3,})\s*$/;
const PARTIAL_TAGS = ['<tessera-group', '<tessera-action', '</tessera-group>', '</tessera-action>'];
/** A tag spread over more lines than this is not a tag: its text is shown as prose. */
const MAX_TAG_LINES = 20;

interface OpenAction {
  attrs: Record<string, string>;
  indent: string;
  lines: string[];
}

interface GroupState {
  title: string;
  /** The tag carried a title (actions inherit only a real one). */
  hasTitle: boolean;
  /** Made up for actions written outside any group; ends at the next prose. */
  isImplicit: boolean;
  actions: ParsedAction[];
  isClosed: boolean;
  /** Prose written inside the group between actions; shown after the group. */
  stray: string[];
}

type Seg = { kind: 'text'; text: string } | { kind: 'group'; group: GroupState };

interface PendingTag {
  text: string;
  indent: string;
  lines: number;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes the HTML entities models put in attribute values (`&quot;`, `&amp;`, `&#39;`). */
export function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Finds the `>` ending a tag that starts at `from`, skipping quoted attribute values. */
function findTagEnd(s: string, from: number): number {
  let quote = '';
  for (let i = from; i < s.length; i++) {
    const c = s[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return i;
  }
  return -1;
}

function parseAttrs(inner: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  ATTR.lastIndex = 0;
  for (let m = ATTR.exec(inner); m; m = ATTR.exec(inner)) {
    if (m[0] === '') {
      ATTR.lastIndex++;
      continue;
    }
    const name = m[1]!.toLowerCase();
    if (!(name in attrs)) attrs[name] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
  }
  return attrs;
}

function leadingSpace(s: string): string {
  return /^[ \t]*/.exec(s)![0];
}

/** The index where a half-written tessera tag begins at the end of `s`, or -1. */
function partialTagStart(s: string, minLength: number): number {
  const at = s.lastIndexOf('<');
  if (at < 0) return -1;
  const tail = s.slice(at).toLowerCase().replace('tessera_', 'tessera-');
  if (tail.length < minLength) return -1;
  return PARTIAL_TAGS.some((tag) => tag.startsWith(tail) && tag !== tail) ? at : -1;
}

function normalizeType(raw: string | undefined): ActionType {
  const t = (raw ?? '').trim().toLowerCase().replace(/-/g, '_');
  return (ACTION_TYPES as readonly string[]).includes(t) ? (t as ActionType) : 'unknown';
}

function normalizePath(raw: string): string {
  return raw.trim().replace(/^(?:\.\/|\/)+/, '');
}

/** Body of an action: drops blank edges, one surrounding fence and the tag's indentation. */
export function cleanActionBody(lines: readonly string[], indent = ''): string {
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start]!.trim() === '') start++;
  while (end > start && lines[end - 1]!.trim() === '') end--;
  let body = lines.slice(start, end);
  let fenceIndent = '';
  const opener = body.length ? OPEN_FENCE.exec(body[0]!.trim()) : null;
  if (opener) {
    const marker = opener[1]!;
    const last = body.length > 1 ? BARE_FENCE.exec(body[body.length - 1]!.trim()) : null;
    fenceIndent = leadingSpace(body[0]!);
    if (last && last[1]![0] === marker[0] && last[1]!.length >= marker.length) body = body.slice(1, -1);
    // No closing fence anywhere: the model forgot it (or it is still streaming); drop the opener.
    else if (!body.slice(1).some((l) => BARE_FENCE.test(l.trim()))) body = body.slice(1);
    else fenceIndent = '';
  }
  for (const prefix of [indent, fenceIndent]) {
    if (prefix && body.every((l) => l.trim() === '' || l.startsWith(prefix)))
      body = body.map((l) => l.slice(prefix.length));
  }
  start = 0;
  end = body.length;
  while (start < end && body[start]!.trim() === '') start++;
  while (end > start && body[end - 1]!.trim() === '') end--;
  return body.slice(start, end).join('\n');
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function permissionsOf(schema: unknown, content: string): ActionPermissions {
  const result: ActionPermissions = { read: 'creator', write: 'creator' };
  if (isObject(schema)) {
    const access = schema['x-accessControl'];
    const perms = isObject(access) ? access.permissions : undefined;
    if (isObject(perms)) {
      if (typeof perms.read === 'string') result.read = perms.read;
      if (typeof perms.write === 'string') result.write = perms.write;
    }
    return result;
  }
  // Still streaming (or broken JSON): read the levels from the text so the card shows them early.
  const at = content.indexOf('x-accessControl');
  if (at >= 0) {
    const rest = content.slice(at);
    const read = /"read"\s*:\s*"([^"]*)"/.exec(rest);
    const write = /"write"\s*:\s*"([^"]*)"/.exec(rest);
    if (read) result.read = read[1]!;
    if (write) result.write = write[1]!;
  }
  return result;
}

function defaultTitle(type: ActionType, file: string, entity: string | undefined, rawType: string): string {
  switch (type) {
    case 'add_file':
      return `Create ${file}`;
    case 'edit_file':
      return `Edit ${file}`;
    case 'delete_file':
      return `Delete ${file}`;
    case 'add_entity':
      return `Create entity ${entity ?? ''}`.trim();
    case 'edit_entity':
      return `Update entity ${entity ?? ''}`.trim();
    case 'import_entities':
      return 'Import entities';
    case 'insert_entity_records':
      return `Add ${entity ?? ''} records`.replace('  ', ' ');
    default:
      return rawType.trim() ? `Unknown action "${rawType.trim()}"` : 'Action without a type';
  }
}

function buildAction(
  open: OpenAction,
  groupTitle: string,
  state: { isComplete: boolean; isTruncated: boolean },
): ParsedAction {
  const { attrs } = open;
  const type = normalizeType(attrs.type ?? attrs.action);
  const content = cleanActionBody(open.lines, open.indent);
  let file = normalizePath(attrs.path ?? attrs.file ?? attrs.filepath ?? attrs.file_path ?? attrs.filename ?? '');
  const isEntityAction =
    type === 'add_entity' || type === 'edit_entity' || type === 'import_entities' || type === 'insert_entity_records';
  // `name` is an entity only on entity actions; on a file action it is just a label.
  let entity: string | undefined = isEntityAction
    ? (attrs.entity ?? attrs.entity_name ?? attrs.entityname ?? attrs.name)?.trim() || undefined
    : undefined;
  let permissions: ActionPermissions | undefined;
  if (isEntityAction) {
    const json = type === 'insert_entity_records' ? null : parseLenientJson(content);
    const value = json?.ok ? json.value : undefined;
    if (!entity && isObject(value) && type !== 'import_entities') {
      const named = value.name ?? value.title;
      if (typeof named === 'string' && named.trim()) entity = named.trim();
    }
    if (type === 'import_entities') {
      entity = undefined;
      const names = entitiesOf(value)
        .map(([name]) => name)
        .filter(Boolean);
      file = names.length ? names.map((n) => `entities/${n}.json`).join(', ') : 'entities';
    } else {
      file = entity ? `entities/${entity}.json` : '';
    }
    if (type === 'add_entity' || type === 'edit_entity') permissions = permissionsOf(value, content);
  }
  const action: ParsedAction = {
    // An unknown action says what it was; a group title would hide that.
    title: attrs.title?.trim() || (type === 'unknown' ? '' : groupTitle),
    type,
    file,
    content,
    isComplete: state.isComplete,
    isTruncated: state.isTruncated,
  };
  if (entity !== undefined) action.entity = entity;
  if (permissions) action.permissions = permissions;
  if (!action.title) action.title = defaultTitle(type, file, entity, attrs.type ?? '');
  return action;
}

const FENCE_ONLY = /^\s*(`{3,}|~{3,})[\w+.-]*\s*$/;

function countFences(lines: string[]): number {
  return lines.filter((l) => FENCE_ONLY.test(l)).length;
}

/**
 * Prose around groups loses the fence lines a model wraps its whole answer (or a group) in: an
 * odd fence count means one fence belongs to the tags, not to the prose.
 */
function cleanText(raw: string, afterGroup: boolean, beforeGroup: boolean, isLast: boolean): string {
  // Reasoning models served through OpenAI-compatible APIs put their chain of thought in the text.
  const text = raw.replace(/<think>[\s\S]*?(?:<\/think>|$)/gi, '');
  const lines = text.split('\n');
  if (countFences(lines) % 2 === 1) {
    const first = lines.findIndex((l) => l.trim() !== '');
    let last = lines.length - 1;
    while (last >= 0 && lines[last]!.trim() === '') last--;
    if (afterGroup && first >= 0 && FENCE_ONLY.test(lines[first]!)) lines.splice(first, 1);
    else if (beforeGroup && first >= 0 && FENCE_ONLY.test(lines[first]!) && !BARE_FENCE.test(lines[first]!.trim()))
      lines.splice(first, 1);
    else if ((beforeGroup || isLast) && last >= 0 && FENCE_ONLY.test(lines[last]!)) lines.splice(last, 1);
  }
  return lines.join('\n').trim();
}

class Machine {
  private segs: Seg[] = [];
  private group: GroupState | null = null;
  private action: OpenAction | null = null;
  private pending: PendingTag | null = null;
  /** Set on the throw-away copy that reads the unfinished last line. */
  private isPartial = false;
  /** Actions completed since the last `takeCompleted()`. */
  private completed: ParsedAction[] = [];

  /** Reads one complete line (without its line break). */
  line(raw: string): void {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (this.pending) {
      const pending = this.pending;
      this.pending = null;
      if (pending.lines >= MAX_TAG_LINES) {
        this.text(pending.text, true);
        this.outside(line, true);
        return;
      }
      const joined = `${pending.text}\n${line}`;
      const end = findTagEnd(joined, 1);
      if (end < 0) {
        this.pending = { ...pending, text: joined, lines: pending.lines + 1 };
        return;
      }
      this.outside(joined, false, pending.indent);
      return;
    }
    if (this.action) this.body(line, true);
    else this.outside(line, true);
  }

  /** A copy that can read the unfinished last line without touching this machine. */
  fork(): Machine {
    const copy = new Machine();
    const groups = new Map<GroupState, GroupState>();
    const cloneGroup = (g: GroupState): GroupState => {
      let c = groups.get(g);
      if (!c) {
        c = { ...g, actions: g.actions.slice(), stray: g.stray.slice() };
        groups.set(g, c);
      }
      return c;
    };
    copy.segs = this.segs.map((s) => (s.kind === 'group' ? { kind: 'group', group: cloneGroup(s.group) } : { ...s }));
    copy.group = this.group ? cloneGroup(this.group) : null;
    copy.action = this.action ? { ...this.action, lines: this.action.lines.slice() } : null;
    copy.pending = this.pending ? { ...this.pending } : null;
    copy.isPartial = true;
    return copy;
  }

  /** Reads the unfinished last line of a stream still open: half-written tags stay hidden. */
  partialLine(line: string): void {
    if (line === '') return;
    if (this.pending) {
      const joined = `${this.pending.text}\n${line}`;
      if (findTagEnd(joined, 1) < 0) return;
      const indent = this.pending.indent;
      this.pending = null;
      this.outside(joined, false, indent);
      return;
    }
    if (this.action) this.body(line, true);
    else this.outside(line, true);
  }

  takeCompleted(): ParsedAction[] {
    const out = this.completed;
    this.completed = [];
    return out;
  }

  /** Ends the text: an open action is truncated, a half-written action tag too. */
  finish(): void {
    if (this.pending) {
      const pending = this.pending;
      this.pending = null;
      const m = /^<tessera[-_]action\b([\s\S]*)$/i.exec(pending.text);
      if (m) {
        // Cut off inside a quoted value: close the quote so the attributes read so far survive.
        const quotes = (m[1]!.match(/"/g) ?? []).length;
        this.openAction(parseAttrs(quotes % 2 === 1 ? `${m[1]}"` : m[1]!), pending.indent);
      } else if (!/^<tessera[-_]group\b/i.test(pending.text)) this.text(pending.text, true);
    }
    if (this.action) {
      // The text stopped inside the closing tag ("</tessera-ac"): that fragment is not content.
      const lines = this.action.lines;
      const last = lines[lines.length - 1];
      if (last !== undefined) {
        const cut = partialTagStart(last, 3);
        if (cut >= 0) lines[lines.length - 1] = last.slice(0, cut);
      }
      this.closeAction({ isComplete: false, isTruncated: true });
    }
  }

  private ensureGroup(): GroupState {
    if (this.group) return this.group;
    const group: GroupState = {
      title: DEFAULT_GROUP_TITLE,
      hasTitle: false,
      isImplicit: true,
      actions: [],
      isClosed: false,
      stray: [],
    };
    this.segs.push({ kind: 'group', group });
    this.group = group;
    return group;
  }

  private closeGroup(): void {
    if (this.group) this.group.isClosed = true;
    this.group = null;
  }

  private openAction(attrs: Record<string, string>, indent: string): void {
    this.ensureGroup();
    this.action = { attrs, indent, lines: [] };
  }

  private closeAction(state: { isComplete: boolean; isTruncated: boolean }): void {
    const open = this.action;
    if (!open) return;
    this.action = null;
    const group = this.ensureGroup();
    const action = buildAction(open, group.hasTitle ? group.title : '', state);
    group.actions.push(action);
    if (state.isComplete) this.completed.push(action);
  }

  /** Prose outside actions: to the group's stray text, or to a text segment. */
  private text(piece: string, endsLine: boolean): void {
    const isProse = piece.trim() !== '' && !FENCE_ONLY.test(piece);
    if (this.group?.isImplicit && isProse) this.closeGroup();
    if (this.group) {
      // "Now the page:" introduces the next action card; shown after the group it would dangle.
      if (isProse && !piece.trim().endsWith(':')) this.group.stray.push(piece.trim());
      return;
    }
    const last = this.segs[this.segs.length - 1];
    const add = piece + (endsLine ? '\n' : '');
    if (last?.kind === 'text') last.text += add;
    else if (add !== '') this.segs.push({ kind: 'text', text: add });
  }

  private outside(s: string, atLineStart: boolean, tagIndent?: string): void {
    let i = 0;
    for (;;) {
      TAG.lastIndex = i;
      let m = TAG.exec(s);
      // Closing tags need their `>`; without it the text is prose.
      while (m && m[1] && !/^\s*>/.test(s.slice(m.index + m[0].length))) m = TAG.exec(s);
      if (!m) {
        let rest = s.slice(i);
        if (this.isPartial) {
          const cut = partialTagStart(rest, 1);
          if (cut >= 0) rest = rest.slice(0, cut);
          this.text(rest, false);
        } else {
          // A line ending in a cut-off tag ("<tessera-ac") is the end of a truncated answer.
          const cut = partialTagStart(rest, 4);
          this.text(cut >= 0 ? rest.slice(0, cut) : rest, true);
        }
        return;
      }
      const before = s.slice(i, m.index);
      this.text(before, false);
      const afterName = m.index + m[0].length;
      if (m[1]) {
        const gt = s.indexOf('>', afterName);
        if (m[2]!.toLowerCase() === 'group') this.closeGroup();
        i = gt + 1;
        continue;
      }
      const indent = tagIndent ?? (atLineStart && before.trim() === '' ? before : '');
      const end = findTagEnd(s, afterName);
      if (end < 0) {
        if (!this.isPartial) this.pending = { text: s.slice(m.index), indent, lines: 1 };
        return;
      }
      const inner = s.slice(afterName, end);
      const selfClosing = inner.trimEnd().endsWith('/');
      const attrs = parseAttrs(selfClosing ? inner.trimEnd().slice(0, -1) : inner);
      i = end + 1;
      if (m[2]!.toLowerCase() === 'group') {
        if (selfClosing) continue;
        this.closeGroup();
        const title = attrs.title?.trim() ?? '';
        const group: GroupState = {
          title: title || DEFAULT_GROUP_TITLE,
          hasTitle: title !== '',
          isImplicit: false,
          actions: [],
          isClosed: false,
          stray: [],
        };
        this.segs.push({ kind: 'group', group });
        this.group = group;
        continue;
      }
      this.openAction(attrs, indent);
      if (selfClosing) {
        this.closeAction({ isComplete: true, isTruncated: false });
        continue;
      }
      const rest = s.slice(i);
      if (rest.trim() !== '') this.body(rest, false);
      return;
    }
  }

  private body(line: string, isWholeLine: boolean): void {
    const action = this.action!;
    const t = line.trimStart();
    const startClose = LINE_START_CLOSE.exec(t);
    if (startClose) {
      if (this.isPartial && t.slice(startClose[0].length).trim() === '') return;
      this.closeAction({ isComplete: true, isTruncated: false });
      this.outside(t.slice(startClose[0].length), false);
      return;
    }
    if (isWholeLine && LINE_START_TAG.test(t)) {
      // The model opened the next tag without closing this action: it moved on, so the action is complete.
      this.closeAction({ isComplete: true, isTruncated: false });
      this.outside(line, true);
      return;
    }
    CLOSE_ACTION.lastIndex = 0;
    for (let m = CLOSE_ACTION.exec(line); m; m = CLOSE_ACTION.exec(line)) {
      const rest = line.slice(m.index + m[0].length);
      if (!AFTER_CLOSE_OK.test(rest)) continue;
      action.lines.push(line.slice(0, m.index));
      if (this.isPartial && rest.trim() === '') return;
      this.closeAction({ isComplete: true, isTruncated: false });
      this.outside(rest, false);
      return;
    }
    if (this.isPartial) {
      const lower = t.toLowerCase().replace('tessera_', 'tessera-');
      if (isWholeLine && PARTIAL_TAGS.some((tag) => tag.startsWith(lower))) return;
      const cut = partialTagStart(line, 2);
      action.lines.push(cut >= 0 ? line.slice(0, cut) : line);
      return;
    }
    action.lines.push(line);
  }

  /** The message as read so far; `isFinal` says whether the text has ended. */
  result(isFinal: boolean): ParsedMessage {
    const segments: Array<TextSegment | GroupSegment> = [];
    const actions: ParsedAction[] = [];
    const open =
      this.action && !isFinal
        ? buildAction(this.action, this.group?.hasTitle ? this.group.title : '', {
            isComplete: false,
            isTruncated: false,
          })
        : null;
    const raw: Array<TextSegment | GroupSegment> = [];
    for (const seg of this.segs) {
      if (seg.kind === 'text') {
        raw.push({ kind: 'text', text: seg.text });
        continue;
      }
      const g = seg.group;
      const groupActions = g.actions.slice();
      if (open && g === this.group) groupActions.push(open);
      const isOpen = g === this.group && !g.isClosed;
      const isComplete = isOpen ? isFinal && groupActions.every((a) => a.isComplete) : true;
      raw.push({ kind: 'group', title: g.title, actions: groupActions, isComplete });
      if (g.stray.length) raw.push({ kind: 'text', text: g.stray.join('\n') });
    }
    for (const [index, seg] of raw.entries()) {
      if (seg.kind === 'group') {
        if (seg.actions.length === 0 && seg.isComplete) continue;
        segments.push(seg);
        actions.push(...seg.actions);
        continue;
      }
      const text = cleanText(
        seg.text,
        raw[index - 1]?.kind === 'group',
        raw[index + 1]?.kind === 'group',
        index === raw.length - 1,
      );
      if (!text.trim()) continue;
      const prev = segments[segments.length - 1];
      if (prev?.kind === 'text') prev.text += `\n${text}`;
      else segments.push({ kind: 'text', text });
    }
    return { segments, actions };
  }
}

/** Splits a growing text into complete lines, keeping the unfinished last one. */
class LineFeeder {
  private rest = '';
  constructor(private readonly machine: Machine) {}

  push(delta: string): void {
    // Only the new text is searched for line breaks, so a long line arriving in tiny deltas stays linear.
    let nl = delta.indexOf('\n');
    if (nl < 0) {
      this.rest += delta;
      return;
    }
    this.machine.line(this.rest + delta.slice(0, nl));
    let start = nl + 1;
    for (nl = delta.indexOf('\n', start); nl >= 0; nl = delta.indexOf('\n', start)) {
      this.machine.line(delta.slice(start, nl));
      start = nl + 1;
    }
    this.rest = delta.slice(start);
  }

  get partial(): string {
    return this.rest;
  }

  end(): void {
    if (this.rest !== '') this.machine.line(this.rest);
    this.rest = '';
    this.machine.finish();
  }
}

/**
 * Parses assistant text into prose and titled action groups. Pure and linear in the text's length;
 * call it on the accumulated text as a stream grows: while `isFinal` is false the last open action
 * is incomplete (not truncated); once final, an action whose closing tag never came is truncated.
 */
export function parseActionText(text: string, { isFinal }: { isFinal: boolean }): ParsedMessage {
  const machine = new Machine();
  const feeder = new LineFeeder(machine);
  feeder.push(text);
  if (isFinal) {
    feeder.end();
    return machine.result(true);
  }
  const view = machine.fork();
  view.partialLine(feeder.partial);
  return view.result(false);
}

/** Reads a model's text deltas and hands out each action once, when it completes. */
export interface ActionStream {
  /** Adds a text delta; returns the actions that completed with it, in order. */
  push(delta: string): ParsedAction[];
  /** Ends the text; returns the actions finished by the end (an unclosed one comes back truncated). */
  end(): ParsedAction[];
  /** The message so far: what `parseActionText(text, { isFinal })` gives for the text pushed. */
  message(): ParsedMessage;
  /** Whether `end()` was called. */
  readonly isEnded: boolean;
}

/**
 * Incremental twin of `parseActionText` for the server: each delta costs time proportional to its
 * own length, and the actions handed out (by `push` then `end`) equal the one-shot parse's actions.
 */
export function createActionStream(): ActionStream {
  const machine = new Machine();
  const feeder = new LineFeeder(machine);
  let isEnded = false;
  return {
    push(delta) {
      if (isEnded) throw new Error('push() after end()');
      feeder.push(delta);
      return machine.takeCompleted();
    },
    end() {
      if (isEnded) return [];
      isEnded = true;
      feeder.end();
      const done = machine.takeCompleted();
      const all = machine.result(true).actions;
      // A truncated action is not "completed" but the caller still needs it (to offer Continue).
      const truncated = all.filter((a) => a.isTruncated);
      return [...done, ...truncated];
    },
    message() {
      if (isEnded) return machine.result(true);
      const view = machine.fork();
      view.partialLine(feeder.partial);
      return view.result(false);
    },
    get isEnded() {
      return isEnded;
    },
  };
}
