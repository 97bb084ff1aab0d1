import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));

/** A real server process (`apps/server/src/main.ts` through tsx) and what it printed so far. */
export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts the server as an operator would, with only PATH and `env` in its environment. */
export function startServerProcess(env: Record<string, string>, args: string[] = []): ServerProcess {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, PORT: '0', NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** The port a server process listens on, once its "ready" line is out (up to 90 s: a cold start on a busy machine). */
export async function readyPort(server: ServerProcess): Promise<number> {
  for (let i = 0; i < 1800; i++) {
    const line = server
      .output()
      .split('\n')
      .find((l) => l.includes('"msg":"ready"'));
    if (line) return JSON.parse(line).port as number;
    if (server.child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`server did not become ready:\n${server.output()}`);
}
