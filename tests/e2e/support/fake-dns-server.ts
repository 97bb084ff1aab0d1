// A DNS server for the e2e run (a Playwright webServer): the product's custom-domain checks ask it
// (DNS_SERVERS), and journeys put records into it over HTTP, as a builder would at a DNS provider.
import { createServer } from 'node:http';
import { startFakeDns, type FakeDnsRecords } from '@tessera/test-utils';

const dns = await startFakeDns({}, Number(process.env.E2E_DNS_PORT));
const control = createServer((req, res) => {
  const name = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/records\//, ''));
  if (req.method === 'GET' && req.url === '/health') return res.end('ok');
  if (req.method !== 'PUT' || !req.url?.startsWith('/records/')) return res.writeHead(404).end();
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    dns.records.set(name.toLowerCase(), JSON.parse(body) as FakeDnsRecords);
    res.writeHead(204).end();
  });
});
control.listen(Number(process.env.E2E_DNS_CONTROL_PORT), '127.0.0.1');
process.stdout.write(`fake DNS on ${dns.server}\n`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void dns.close().then(() => process.exit(0)));
