// `npm start`: build the web app if needed, then run the API, which serves the SPA at /xuanli/ and
// itself under /api on one origin (PORT, default 8080), seeding demo data on first start.
import { spawn } from 'node:child_process';
import { ensureWebBuilt } from './web-build.ts';

ensureWebBuilt(new URL('..', import.meta.url).pathname);
const server = spawn(process.execPath, ['apps/api/src/server.ts'], {
  cwd: new URL('..', import.meta.url).pathname,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
