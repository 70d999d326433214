// What the two benchmark scripts (bench-app.mjs, bench-api-load.mjs) share: a free loopback port, waiting
// for a server they started, and the births the bzdata figures are measured over.
import { createServer } from 'node:net';

/** A TCP port free on 127.0.0.1 right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * Resolves once `url` answers below 500 (the API answers 503 while its database opens); throws when
 * `child` exits first or `ms` pass.
 */
export async function waitFor(url, child, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode} before ${url} answered`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`);
}

/** 64 different births (seeded), so that a bzdata figure cannot come from one warm body. */
export function variedBirths() {
  let seed = 2026;
  const rnd = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const pad = (v) => String(v).padStart(2, '0');
  return Array.from({ length: 64 }, () => ({
    name: '示例',
    sex: rnd(2) ? '男' : '女',
    born: `公 ${1930 + rnd(90)}-${pad(1 + rnd(12))}-${pad(1 + rnd(28))} ${pad(rnd(24))}:${pad(rnd(60))}`,
  }));
}
