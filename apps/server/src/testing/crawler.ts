import type { CrawlFn } from '../modules/context/context.jobs';
import { crawlSite } from '../modules/context/scraper/crawl-site';

/** The real crawler with a loopback allowance for test sites (production passes no allowance). */
export function createTestHarnessCrawler(allowHosts: string[]): CrawlFn {
  return (options) => crawlSite({ ...options, fetchPolicy: { allowHosts } });
}
