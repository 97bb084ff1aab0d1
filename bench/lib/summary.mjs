// The human summary printed on stderr after the JSON.

function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i] ?? '').length)));
  return rows.map((r, ri) => {
    const line = r
      .map((c, i) => (i === 0 ? String(c ?? '').padEnd(widths[i]) : String(c ?? '').padStart(widths[i])))
      .join('  ');
    return ri === 0 ? `${line}\n${widths.map((w) => '-'.repeat(w)).join('  ')}` : line;
  });
}

const mark = (t) => (t.met === null ? 'n/a' : t.met ? 'ok' : 'MISSED');

export function printSummary(r, out) {
  const m = r.machine;
  out('');
  out(`Tessera bench — ${m.cpus} CPU (${m.cpuModel}), ${m.memGb} GB, node ${m.node}`);
  if (r.startup) {
    out('');
    const rows = [
      [
        'startup (wall to first /healthz 200)',
        'median ms',
        'runs ms',
        'server startupMs',
        'server CPU ms',
        'other cores',
      ],
    ];
    for (const kind of ['fresh', 'existing']) {
      const s = r.startup[kind];
      const each = (f) => s.runs.map((x) => x[f] ?? '-').join(' / ');
      rows.push([
        `${kind} data dir`,
        s.medianMs,
        each('wallMs'),
        each('startupMs'),
        each('serverCpuMs'),
        each('otherCores'),
      ]);
    }
    table(rows).forEach((l) => out(l));
  }
  const backends = Object.entries(r.accountCurrent);
  const loadRows = (rows, name, b) => {
    rows.push([
      `${name}, 10 conn`,
      b.c10.rps,
      b.c10.p50Ms,
      b.c10.p99Ms,
      b.raw.rawRps,
      b.ratio,
      b.c10.serverCpuUsPerReq,
      b.c10.cpu.otherCores,
    ]);
    rows.push([
      `${name}, 1 conn`,
      b.c1.rps,
      b.c1.p50Ms,
      b.c1.p99Ms,
      b.raw1.rawRps,
      b.ratioC1,
      b.c1.serverCpuUsPerReq,
      b.c1.cpu.otherCores,
    ]);
  };
  if (backends.length) {
    out('');
    const rows = [
      [
        'GET /api/live_api/account/current',
        'req/s',
        'p50 ms',
        'p99 ms',
        'raw reads/s',
        'ratio',
        'server µs/req',
        'other cores',
      ],
    ];
    for (const [name, b] of backends) loadRows(rows, name, b);
    table(rows).forEach((l) => out(l));
  }
  const lists = Object.entries(r.entityList ?? {});
  if (lists.length) {
    const first = lists[0][1];
    for (const key of ['byCreatedAt', 'byPrice']) {
      out('');
      const rows = [
        [
          `GET entities/Item: ${first[key].label} (${first.rows} rows)`,
          'req/s',
          'p50 ms',
          'p99 ms',
          'raw q/s',
          'ratio',
          'server µs/req',
          'other cores',
        ],
      ];
      for (const [name, e] of lists) {
        loadRows(rows, name, e[key]);
        const a = e[key].rawAfterAnalyze;
        if (a)
          rows.push([`${name}, what-if: raw after ANALYZE`, '', a.p50Ms, a.p99Ms, a.rawRps, '', '', a.cpu.otherCores]);
      }
      table(rows).forEach((l) => out(l));
    }
  }
  const imports = Object.entries(r.csvImport ?? {});
  if (imports.length) {
    out('');
    const rows = [
      [
        'CSV import (POST .../import, NDJSON)',
        'rows',
        'MB',
        'wall ms',
        'rows/s',
        'raw ms',
        'ratio',
        'raw ms previous stmt',
        'server CPU ms',
        'postgres cores',
        'RSS before',
        'peak during',
        'VmHWM before→after',
        'other cores',
      ],
    ];
    for (const [name, i] of imports) {
      const m = i.memory;
      rows.push([
        name,
        i.rows,
        Math.round((i.bytes / 1024 / 1024) * 10) / 10,
        i.wallMs,
        i.rowsPerS,
        i.raw?.serverShape.wallMs ?? '-',
        i.ratio ?? '-',
        i.raw?.singleParam.wallMs ?? '-',
        i.serverCpuMs,
        i.cpu.postgresCores,
        m.rssBeforeMb,
        m.sampledPeakDuringMb,
        `${m.peakBeforeMb}→${m.peakAfterMb}`,
        i.cpu.otherCores,
      ]);
    }
    table(rows).forEach((l) => out(l));
  }
  const servers = Object.entries(r.servers ?? {});
  if (servers.length) {
    out('');
    const mem = [['server RSS (MB)', 'idle', 'peak after account load', 'peak after entities']];
    for (const [name, b] of servers) {
      if (b.idleFirstStart) mem.push([`${name}, first start (fresh data dir)`, b.idleFirstStart.rssMb, '', '']);
      mem.push([
        `${name}${b.idleFirstStart ? ', restarted (existing data dir)' : ''}`,
        b.idle.rssMb,
        b.afterLoad?.peakRssMb ?? '-',
        b.afterEntities?.peakRssMb ?? '-',
      ]);
    }
    table(mem).forEach((l) => out(l));
  }
  out('');
  const rows = [['target', 'limit', 'actual', '']];
  const t = r.targets;
  rows.push([
    'startup, existing data dir (median)',
    `≤ ${t.startupExistingMedianMs.target} ms`,
    t.startupExistingMedianMs.actual,
    mark(t.startupExistingMedianMs),
  ]);
  rows.push([
    'idle RSS (PGlite, existing data dir)',
    `≤ ${t.idleRssMb.target} MB`,
    t.idleRssMb.actual,
    mark(t.idleRssMb),
  ]);
  rows.push([
    'idle RSS (PGlite, first start)',
    `≤ ${t.idleRssFirstStartMb.target} MB`,
    t.idleRssFirstStartMb.actual,
    mark(t.idleRssFirstStartMb),
  ]);
  rows.push([
    'account/current on PostgreSQL',
    `≥ ${t.postgresRps.target} req/s`,
    t.postgresRps.actual,
    mark(t.postgresRps),
  ]);
  rows.push(['account/current on PGlite', `≥ ${t.pgliteRps.target} req/s`, t.pgliteRps.actual, mark(t.pgliteRps)]);
  const ms = (x) => [`≤ ${x.target} ms`, x.actual, mark(x)];
  const rps = (x) => [`≥ ${x.target} req/s`, x.actual, mark(x)];
  rows.push(['entity list -createdAt on PostgreSQL', ...rps(t.entityListPostgresRps)]);
  rows.push(['  same, p99', ...ms(t.entityListPostgresP99Ms)]);
  rows.push(['entity list -createdAt on PGlite', ...rps(t.entityListPgliteRps)]);
  rows.push(['entity list -price on PostgreSQL', ...rps(t.entityListByPricePostgresRps)]);
  rows.push(['  same, p99', ...ms(t.entityListByPricePostgresP99Ms)]);
  rows.push(['entity list -price on PGlite', ...rps(t.entityListByPricePgliteRps)]);
  rows.push(['CSV import 100k rows on PostgreSQL', ...ms(t.csvImportPostgresMs)]);
  rows.push(['CSV import 100k rows on PGlite', ...ms(t.csvImportPgliteMs)]);
  rows.push(['30-file app bundled, warm (p50)', ...ms(t.bundleWarmP50Ms)]);
  rows.push(['retrieval at 100k chunks (p95)', ...ms(t.retrievalP95Ms)]);
  rows.push(['chat first token, extra on PostgreSQL (p50)', ...ms(t.chatExtraPostgresP50Ms)]);
  rows.push(['chat first token, extra on PGlite (p50)', ...ms(t.chatExtraPgliteP50Ms)]);
  rows.push(['tool run first token, extra on PostgreSQL (p50)', ...ms(t.toolRunExtraPostgresP50Ms)]);
  rows.push(['tool run first token, extra on PGlite (p50)', ...ms(t.toolRunExtraPgliteP50Ms)]);
  rows.push(['preview shows the first build', ...ms(t.previewFirstBuildMs)]);
  rows.push(['preview shows a later version (p50)', ...ms(t.previewFirstRenderP50Ms)]);
  table(rows).forEach((l) => out(l));
  if (r.contention.maxOtherCores > 0.3) {
    out('');
    out(
      `NOTE: other processes used up to ${r.contention.maxOtherCores} cores during measured phases: figures are pessimistic; rerun on an idle machine.`,
    );
  }
  out('');
}
