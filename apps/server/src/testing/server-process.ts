import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { OutboxMail } from '@tessera/contracts/auth';
import { STRONG_PASSWORD, uniqueEmail } from '@tessera/test-utils';

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

/** A verified builder with an account on a running server, signed up through its HTTP API and dev outbox. */
export async function signUpBuilderAt(base: string): Promise<{ token: string; email: string }> {
  const email = uniqueEmail();
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: STRONG_PASSWORD, name: 'Test Builder' }),
  });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const token = signUp.headers.get('set-auth-token')!;
  const outbox = (await (await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as {
    mails: OutboxMail[];
  };
  const link = new URL(outbox.mails.flatMap((m) => m.links).find((l) => l.includes('verify-email'))!);
  await fetch(`${base}${link.pathname}${link.search}`, { redirect: 'manual' });
  const account = await fetch(`${base}/api/live_api/account/create`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  if (account.status !== 200) throw new Error(`account failed: ${account.status} ${await account.text()}`);
  return { token, email };
}
