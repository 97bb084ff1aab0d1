import { crawlSite, type CrawlFn } from '../modules/context';

/** The real crawler with a loopback allowance for test sites (production passes no allowance). */
export function createTestHarnessCrawler(allowHosts: string[]): CrawlFn {
  return (options) => crawlSite({ ...options, fetchPolicy: { allowHosts } });
}
