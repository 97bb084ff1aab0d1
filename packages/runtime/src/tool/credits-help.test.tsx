import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { TOOL_PAGE_MESSAGES as T } from '@tessera/contracts/tool-page';
import { configureSdk } from '../sdk';
import { CreditsHelp } from './credits-help';

describe('the out-of-credits help', () => {
  beforeEach(() => {
    vi.stubGlobal('window', { location: { href: 'http://acme.apps.localhost/tool/ask' } });
    configureSdk({ appId: 'app-1', basePath: '' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("names the app's support e-mail and links the membership page when memberships are on", () => {
    const html = renderToStaticMarkup(
      <CreditsHelp boot={{ name: 'Acme', supportEmail: 'help@acme.test', hasPaidMemberships: true }} />,
    );
    expect(html).toContain(T.creditsGetMoreAt.replace('{app}', 'Acme'));
    expect(html).toContain('href="mailto:help@acme.test"');
    expect(html).toContain(
      `href="/apps/app-1/membership?nextUrl=${encodeURIComponent('http://acme.apps.localhost/tool/ask')}"`,
    );
    expect(html).toContain(T.becomeMember);
  });

  it('asks the owner without an address or a membership link when the app has neither', () => {
    const html = renderToStaticMarkup(
      <CreditsHelp boot={{ name: 'Acme', supportEmail: null, hasPaidMemberships: false }} />,
    );
    expect(html).toContain(T.creditsGetMore.replace('{app}', 'Acme'));
    expect(html).not.toContain('mailto:');
    expect(html).not.toContain(T.becomeMember);
  });
});
