// The web scraper of data sources: crawl a site (or fetch one page) into markdown pages. Every
// request goes through platform/outbound's safeFetch.
export { crawlSite, fetchPageAsMarkdown, type CrawlOptions, type CrawledPage, type CrawlProgress } from './crawl-site';
export { htmlToMarkdown, type ConvertedPage } from './html-to-markdown';
