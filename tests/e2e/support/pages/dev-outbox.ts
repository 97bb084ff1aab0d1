import type { APIRequestContext, Page } from '@playwright/test';
import { mailLink } from '../helpers';

/** The dev outbox seen from the browser: opens the link of a mail sent to a user. */
export class DevOutbox {
  constructor(
    readonly page: Page,
    readonly request: APIRequestContext,
  ) {}

  /** Waits for the newest mail to `to` whose subject matches, opens its first link, returns it. */
  async openLink(to: string, subject: RegExp): Promise<string> {
    const link = await mailLink(this.request, to, subject);
    await this.page.goto(link);
    return link;
  }
}
