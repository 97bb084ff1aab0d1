/** The e2e run's fake DNS (support/fake-dns-server.ts): records a journey publishes, as at a DNS provider. */
export async function setDnsRecords(name: string, records: { TXT?: string[]; CNAME?: string; A?: string[] }) {
  const res = await fetch(`http://127.0.0.1:${process.env.E2E_DNS_CONTROL_PORT}/records/${encodeURIComponent(name)}`, {
    method: 'PUT',
    body: JSON.stringify(records),
  });
  if (res.status !== 204) throw new Error(`fake DNS refused ${name}: ${res.status}`);
}
