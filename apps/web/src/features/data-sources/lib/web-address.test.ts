import { describe, expect, it } from 'vitest';
import { parseConnectorLink, parseWebAddress } from './web-address';

describe('parseWebAddress', () => {
  it('takes http(s) addresses and adds https:// to a bare host', () => {
    expect(parseWebAddress('https://example.com/docs')).toEqual({ ok: true, url: 'https://example.com/docs' });
    expect(parseWebAddress(' example.com ')).toEqual({ ok: true, url: 'https://example.com/' });
    expect(parseWebAddress('http://127.0.0.1:4100/')).toEqual({ ok: true, url: 'http://127.0.0.1:4100/' });
    expect(parseWebAddress('localhost:4100/a')).toEqual({ ok: true, url: 'https://localhost:4100/a' });
  });

  it('refuses other schemes and hosts without a dot', () => {
    for (const bad of [
      '',
      '   ',
      'ftp://example.com',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'intranet',
      'https://',
    ]) {
      expect(parseWebAddress(bad)).toEqual({ ok: false, error: 'Enter a valid http(s) web address' });
    }
  });
});

describe('parseConnectorLink', () => {
  it('reads Notion page and database ids', () => {
    expect(parseConnectorLink('notion', 'https://www.notion.so/acme/Pricing-0123456789abcdef0123456789ABCDEF')).toEqual(
      {
        providerItemId: '0123456789abcdef0123456789abcdef',
        type: 'notion_page',
      },
    );
    expect(parseConnectorLink('notion', 'https://www.notion.so/0123456789abcdef0123456789abcdef?v=111')).toEqual({
      providerItemId: '0123456789abcdef0123456789abcdef',
      type: 'notion_database',
    });
    expect(parseConnectorLink('notion', 'not a link')).toBeNull();
  });

  it('reads Google Drive file ids with their kind', () => {
    expect(parseConnectorLink('google_drive', 'https://docs.google.com/document/d/1AbC_defGhIjk-LMN/edit')).toEqual({
      providerItemId: '1AbC_defGhIjk-LMN',
      type: 'google_doc',
    });
    expect(
      parseConnectorLink('google_drive', 'https://docs.google.com/spreadsheets/d/1AbC_defGhIjk-LMN/edit#gid=0'),
    ).toEqual({ providerItemId: '1AbC_defGhIjk-LMN', type: 'google_sheet' });
    expect(parseConnectorLink('google_drive', 'https://drive.google.com/open?id=1AbC_defGhIjk-LMN')).toEqual({
      providerItemId: '1AbC_defGhIjk-LMN',
      type: 'unrecognized',
    });
    expect(parseConnectorLink('google_drive', '')).toBeNull();
  });
});
