import { getJson, type Connector, type ConnectorItem } from './connector';

/** The Notion API version our client speaks. */
export const NOTION_VERSION = '2022-06-28';
const MAX_BLOCKS = 5000;

interface RichText {
  plain_text?: string;
}
interface Block {
  id: string;
  type: string;
  has_children?: boolean;
  [key: string]: unknown;
}

const PREFIX: Record<string, string> = {
  heading_1: '# ',
  heading_2: '## ',
  heading_3: '### ',
  bulleted_list_item: '- ',
  numbered_list_item: '1. ',
  to_do: '- [ ] ',
  quote: '> ',
};

function blockText(block: Block): string {
  const body = block[block.type] as { rich_text?: RichText[]; title?: string } | undefined;
  if (block.type === 'child_page') return body?.title ? `## ${body.title}` : '';
  const text = (body?.rich_text ?? []).map((r) => r.plain_text ?? '').join('');
  if (!text) return '';
  if (block.type === 'code') return `\`\`\`\n${text}\n\`\`\``;
  return `${PREFIX[block.type] ?? ''}${text}`;
}

function titleOf(result: {
  properties?: Record<string, { type?: string; title?: RichText[] }>;
  title?: RichText[];
}): string {
  const titleProperty = Object.values(result.properties ?? {}).find((p) => p.type === 'title');
  const parts = titleProperty?.title ?? result.title ?? [];
  return (
    parts
      .map((t) => t.plain_text ?? '')
      .join('')
      .trim() || 'Untitled'
  );
}

/**
 * Notion through its public REST API (`baseUrl` configurable, so tests use a fake on loopback):
 * pages and databases from `POST /v1/search`, a page's text from its blocks (nested ones too).
 */
export function createNotionConnector({
  baseUrl = 'https://api.notion.com',
  token,
}: {
  baseUrl?: string;
  token: string;
}): Connector {
  const api = (path: string, init: { method?: string; body?: unknown } = {}) =>
    getJson<any>(`${baseUrl.replace(/\/$/, '')}${path}`, {
      ...init,
      token,
      headers: { 'notion-version': NOTION_VERSION },
    });

  async function blocksText(blockId: string, depth: number, budget: { left: number }): Promise<string[]> {
    const lines: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await api(
        `/v1/blocks/${encodeURIComponent(blockId)}/children?page_size=100${cursor ? `&start_cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      for (const block of (page.results ?? []) as Block[]) {
        if (budget.left-- <= 0) return lines;
        const text = blockText(block);
        if (text) lines.push(text);
        if (block.has_children && block.type !== 'child_page' && depth < 3)
          lines.push(...(await blocksText(block.id, depth + 1, budget)));
      }
      cursor = page.has_more ? page.next_cursor : undefined;
    } while (cursor);
    return lines;
  }

  async function databaseText(databaseId: string): Promise<string> {
    const rows: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await api(`/v1/databases/${encodeURIComponent(databaseId)}/query`, {
        method: 'POST',
        body: { page_size: 100, ...(cursor ? { start_cursor: cursor } : {}) },
      });
      for (const row of page.results ?? []) {
        const cells = Object.entries(row.properties ?? {}).map(([name, prop]: [string, any]) => {
          const value = prop.title ?? prop.rich_text;
          const text = Array.isArray(value)
            ? value.map((t: RichText) => t.plain_text ?? '').join('')
            : (prop.number ?? prop.select?.name ?? prop.checkbox ?? prop.date?.start ?? prop.url ?? '');
          return `${name}: ${text}`;
        });
        rows.push(cells.join('; '));
      }
      cursor = page.has_more ? page.next_cursor : undefined;
    } while (cursor && rows.length < 10_000);
    return rows.join('\n');
  }

  return {
    id: 'notion',
    async listItems(limit = 100): Promise<ConnectorItem[]> {
      const page = await api('/v1/search', {
        method: 'POST',
        body: { page_size: Math.min(limit, 100), sort: { direction: 'descending', timestamp: 'last_edited_time' } },
      });
      return (page.results ?? []).map((r: any) => ({
        providerItemId: r.id,
        name: titleOf(r),
        type: r.object === 'database' ? 'notion_database' : 'notion_page',
        externalFileUrl: r.url ?? null,
      }));
    },
    async fetchText(providerItemId, type) {
      if (type === 'notion_database') return databaseText(providerItemId);
      return (await blocksText(providerItemId, 0, { left: MAX_BLOCKS })).join('\n\n');
    },
  };
}
