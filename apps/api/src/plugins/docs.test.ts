import { describe, expect, it } from 'vitest';
import { signIn } from '../../test/accounts.ts';
import { signInOperator } from '../../test/operators.ts';
import { useTestApp } from '../../test/suite.ts';

/** Every kind of answer under /api/docs: the page, its redirect, its scripts, the JSON and the YAML. */
const DOCS_URLS = [
  '/api/docs',
  '/api/docs/',
  '/api/docs/json',
  '/api/docs/yaml',
  '/api/docs/static/index.html',
  '/api/docs/static/swagger-initializer.js',
  '/api/docs/static/swagger-ui.css',
];

describe('the OpenAPI pages in production', () => {
  const t = useTestApp({ config: { production: true } });

  it('answer 401 without a console login, whoever else calls', async () => {
    const visitor = await signIn(t, 'visitor');
    const user = await signIn(t, 'user');
    const operator = await signInOperator(t, 'support');
    await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: operator.headers });
    const callers: Record<string, Record<string, string>> = {
      'no token': {},
      visitor: { token: visitor.token },
      'app user, also as a bearer': { token: user.token, authorization: `Bearer ${user.token}` },
      'logged-out operator': operator.headers,
      'a forged bearer': { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl' },
    };
    for (const [name, headers] of Object.entries(callers)) {
      for (const url of DOCS_URLS) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, `${name} ${url}`).toBe(401);
        expect(res.json(), `${name} ${url}`).toMatchObject({ code: 'Unauthorized' });
        expect(res.body).not.toContain('/api/admin/');
      }
    }
  });

  it('open to an operator of every role', async () => {
    for (const role of ['admin', 'editor', 'support'] as const) {
      const { headers } = await signInOperator(t, role);
      const json = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers });
      expect(json.statusCode, role).toBe(200);
      expect(Object.keys(json.json().paths)).toContain('/api/admin/login');
      const page = await t.app.inject({ method: 'GET', url: '/api/docs/', headers });
      expect(page.statusCode, role).toBe(200);
      expect(page.body).toContain('swagger');
    }
  });

  it('leave the rest of the API as it was', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/calendar/terms?year=2024' });
    expect(res.statusCode).toBe(200);
  });
});

describe('the OpenAPI pages outside production', () => {
  const t = useTestApp();

  it('are open to anyone', async () => {
    expect(t.config.production).toBe(false);
    for (const url of DOCS_URLS.filter((url) => url !== '/api/docs')) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(url.endsWith('index.html') ? 302 : 200);
    }
  });
});
