// `npm start`: build the web app and the operators' console if needed, make the classroom's demo media
// if needed (narrated lesson videos: minutes the first time, nothing when unchanged), then run the API,
// which serves the SPA at /xuanli/, the console at /admin/ and itself under /api on one origin (PORT,
// default 8080), seeding demo data on first start.
import { spawn } from 'node:child_process';
import { ensureAdminBuilt, ensureKetangMedia, ensureWebBuilt } from './web-build.ts';

ensureWebBuilt(new URL('..', import.meta.url).pathname);
ensureAdminBuilt(new URL('..', import.meta.url).pathname);
ensureKetangMedia(new URL('..', import.meta.url).pathname);
const server = spawn(process.execPath, ['apps/api/src/server.ts'], {
  cwd: new URL('..', import.meta.url).pathname,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
