import type { OpenApiDocument } from './openapi';

type Json = Record<string, unknown>;
const SCHEMA_REF = '#/components/schemas/';
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const anchor = (s: string) => s.replace(/[^A-Za-z0-9_-]/g, '-');
/** Prose with `code` spans. */
const prose = (s: string) => escapeHtml(s).replace(/`([^`]+)`/g, '<code>$1</code>');

/** A JSON Schema as TypeScript-like text (HTML), refs linked to their component. */
export function schemaText(schema: unknown, indent = ''): string {
  if (schema === null || typeof schema !== 'object') return 'any';
  const s = schema as Json;
  if (typeof s.$ref === 'string') {
    const name = s.$ref.slice(SCHEMA_REF.length);
    return `<a href="#schema-${anchor(name)}">${escapeHtml(name)}</a>`;
  }
  const union = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (union) return union.map((v) => schemaText(v, indent)).join(' | ');
  if (Array.isArray(s.allOf)) return s.allOf.map((v) => schemaText(v, indent)).join(' &amp; ');
  if ('const' in s) return escapeHtml(JSON.stringify(s.const));
  if (Array.isArray(s.enum)) return s.enum.map((v) => escapeHtml(JSON.stringify(v))).join(' | ');
  const types = Array.isArray(s.type) ? (s.type as string[]) : s.type ? [s.type as string] : [];
  if (types.length > 1) return types.map((type) => schemaText({ ...s, type }, indent)).join(' | ');
  switch (types[0]) {
    case 'array':
      return `Array&lt;${schemaText(s.items, indent)}&gt;`;
    case 'object':
      return objectText(s, indent);
    case undefined:
      return 'any';
    default:
      return escapeHtml(types[0] === 'integer' ? 'integer' : types[0]!) + constraints(s);
  }
}

function constraints(s: Json): string {
  const notes: string[] = [];
  if (s.format) notes.push(String(s.format));
  if (s.minLength !== undefined || s.maxLength !== undefined)
    notes.push(`length ${s.minLength ?? 0}–${s.maxLength ?? '∞'}`);
  if (s.minimum !== undefined || s.maximum !== undefined) notes.push(`${s.minimum ?? '−∞'}–${s.maximum ?? '∞'}`);
  if (s.pattern) notes.push(`pattern ${String(s.pattern)}`);
  return notes.length ? ` <span class="note">(${escapeHtml(notes.join(', '))})</span>` : '';
}

function objectText(s: Json, indent: string): string {
  const properties = (s.properties ?? {}) as Record<string, Json>;
  const required = new Set((s.required as string[] | undefined) ?? []);
  const extra = s.additionalProperties;
  const keys = Object.keys(properties);
  if (!keys.length && extra && typeof extra === 'object') return `Record&lt;string, ${schemaText(extra, indent)}&gt;`;
  if (!keys.length) return extra === false ? '{}' : 'object';
  const inner = `${indent}  `;
  const lines = keys.map((key) => {
    const prop = properties[key]!;
    const note = prop.description ? ` <span class="note">// ${escapeHtml(String(prop.description))}</span>` : '';
    return `${inner}${escapeHtml(key)}${required.has(key) ? '' : '?'}: ${schemaText(prop, inner)};${note}`;
  });
  if (extra !== false) lines.push(`${inner}<span class="note">...other keys</span>`);
  return `{\n${lines.join('\n')}\n${indent}}`;
}

const STYLE = `
body{margin:0;font:15px/1.5 system-ui,sans-serif;color:#111827;background:#f6f7f9}
header,main{max-width:1000px;margin:0 auto;padding:16px 24px}
header{border-bottom:1px solid #e5e7eb;background:#fff;max-width:none}
h1{font-size:22px;margin:8px 0}h2{margin-top:40px;border-bottom:1px solid #e5e7eb}h3{font-size:15px;margin:0}
nav ul{columns:2;padding-left:18px}nav li{break-inside:avoid;overflow-wrap:anywhere}code,pre{font:13px/1.45 ui-monospace,monospace}
pre{background:#f3f4f6;border-radius:6px;padding:10px;overflow-x:auto;margin:6px 0}
.op{background:#fff;border:1px solid #e5e7eb;border-radius:10px;padding:14px 16px;margin:14px 0}
.m{display:inline-block;min-width:58px;text-align:center;border-radius:4px;color:#fff;font-weight:600;font-size:12px;padding:2px 6px;margin-right:8px}
.get{background:#2563eb}.post{background:#16a34a}.put{background:#d97706}.patch{background:#7c3aed}.delete{background:#dc2626}
.auth,.note{color:#6b7280}.auth{font-size:13px;margin:4px 0}dt{font-weight:600;margin-top:8px}dd{margin-left:16px}
a{color:#1d4ed8}
`;

function operationHtml(path: string, method: string, op: Json, schemas: Record<string, Json>): string {
  /** A body or success schema: the component's name, then its fields. */
  const expanded = (schema: unknown) => {
    const ref = (schema as Json | undefined)?.$ref;
    const target = typeof ref === 'string' ? schemas[ref.slice(SCHEMA_REF.length)] : undefined;
    return target ? `${schemaText(schema)} = ${schemaText(target)}` : schemaText(schema);
  };
  const id = anchor(String(op.operationId));
  const params = (op.parameters ?? []) as Json[];
  const body = op.requestBody as Json | undefined;
  const bodyContent = body ? (Object.entries(body.content as Json)[0] as [string, Json]) : undefined;
  const responses = Object.entries(op.responses as Record<string, Json>);
  const parts = [
    `<section class="op" id="${id}"><h3><span class="m ${method}">${method.toUpperCase()}</span><code>${escapeHtml(path)}</code></h3>`,
    `<p>${prose(String(op.summary))}</p>`,
    `<p class="auth">Auth: ${escapeHtml(String(op['x-auth']))}</p>`,
    op.description ? `<p>${prose(String(op.description))}</p>` : '',
  ];
  if (params.length)
    parts.push(
      `<dl><dt>Parameters</dt>${params
        .map(
          (p) =>
            `<dd><code>${escapeHtml(String(p.name))}</code> (${escapeHtml(String(p.in))}${p.required ? ', required' : ''}): ${schemaText(p.schema)}${p.description ? ` — ${prose(String(p.description))}` : ''}</dd>`,
        )
        .join('')}</dl>`,
    );
  if (bodyContent) {
    const [type, media] = bodyContent;
    const note = body!.description ? `<p>${prose(String(body!.description))}</p>` : '';
    parts.push(
      `<dl><dt>Request body (${escapeHtml(type)})</dt><dd>${note}<pre>${expanded(media.schema)}</pre></dd></dl>`,
    );
  }
  parts.push(
    `<dl><dt>Responses</dt>${responses
      .map(([status, res]) => {
        const [type, media] = (Object.entries((res.content ?? {}) as Json)[0] ?? []) as [string?, Json?];
        const text = status.startsWith('2') ? expanded(media?.schema) : schemaText(media?.schema);
        const schema = media?.schema ? `<pre>${text}</pre>` : '';
        return `<dd><strong>${escapeHtml(status)}</strong> ${type ? `<code>${escapeHtml(type)}</code> ` : ''}${prose(String(res.description))}${schema}</dd>`;
      })
      .join('')}</dl></section>`,
  );
  return parts.join('\n');
}

/** The API reference as one static page (no script, no external resource): grouped by tag, then the schemas. */
export function renderDocsPage(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>(doc.tags.map((t) => [t.name, []]));
  const toc = new Map<string, string[]>(doc.tags.map((t) => [t.name, []]));
  for (const [path, item] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(item)) {
      if (method === 'servers') continue;
      const tag = ((op as Json).tags as string[])[0]!;
      byTag.get(tag)!.push(operationHtml(path, method, op as Json, doc.components.schemas));
      toc
        .get(tag)!
        .push(
          `<li><a href="#${anchor(String((op as Json).operationId))}">${method.toUpperCase()} ${escapeHtml(path)}</a></li>`,
        );
    }
  const sections = doc.tags.map(
    (t) =>
      `<h2 id="tag-${anchor(t.name)}">${escapeHtml(t.name)}</h2><p>${escapeHtml(t.description)}</p>${byTag.get(t.name)!.join('\n')}`,
  );
  const schemas = Object.entries(doc.components.schemas).map(
    ([name, schema]) =>
      `<section class="op" id="schema-${anchor(name)}"><h3>${escapeHtml(name)}</h3><pre>${schemaText(schema)}</pre></section>`,
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)}</title><style>${STYLE}</style></head>
<body><header><h1>${escapeHtml(doc.info.title)}</h1>
<p>${prose(doc.info.description)} Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${escapeHtml(doc.openapi)}).</p>
<p>Error shape: <code>{ "error": { "code": string, "message": string, "details"?: any } }</code>. Routes on an app's own host are served at <code>{slug}.APPS_DOMAIN</code>.</p></header>
<main><nav><h2>Contents</h2>${doc.tags
    .map(
      (t) => `<h3><a href="#tag-${anchor(t.name)}">${escapeHtml(t.name)}</a></h3><ul>${toc.get(t.name)!.join('')}</ul>`,
    )
    .join('\n')}</nav>
${sections.join('\n')}
<h2 id="schemas">Schemas</h2>
${schemas.join('\n')}
</main></body></html>`;
}
