import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/** The Dockerfile builds and its image serves (docs/deploy.md#containers), where a Docker daemon answers. */
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const docker = (args: string[], timeoutMs = 60_000) =>
  spawnSync('docker', args, { cwd: repoRoot, encoding: 'utf8', timeout: timeoutMs });
const hasDocker = docker(['info'], 10_000).status === 0;
const IMAGE = 'tessera-image-test';
const CONTAINER = `tessera-image-test-${process.pid}`;

afterAll(() => {
  if (hasDocker) docker(['rm', '-f', CONTAINER]);
});

// Once, on the embedded database's run: the image is the same for both.
describe.skipIf(process.env.TEST_DB === 'postgres')('the container image', () => {
  it.skipIf(!hasDocker)(
    'builds from the lockfile, gets ready on the embedded database and stops cleanly on SIGTERM (skipped without a Docker daemon)',
    async () => {
      const build = docker(['build', '-t', IMAGE, '.'], 30 * 60_000);
      expect(build.status, build.stderr).toBe(0);
      const run = docker(['run', '-d', '--name', CONTAINER, '-p', '127.0.0.1::3000', IMAGE]);
      expect(run.status, run.stderr).toBe(0);
      const port = docker(['port', CONTAINER, '3000']).stdout.trim().split(':').pop();
      let ready = 0;
      for (let i = 0; i < 240 && ready !== 200; i++) {
        ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
          (r) => r.status,
          () => 0,
        );
        if (ready !== 200) await new Promise((r) => setTimeout(r, 500));
      }
      expect(ready).toBe(200);
      expect(docker(['stop', '--time', '75', CONTAINER], 90_000).status).toBe(0);
      expect(docker(['inspect', '--format', '{{.State.ExitCode}}', CONTAINER]).stdout.trim()).toBe('0');
    },
    40 * 60_000,
  );
});
