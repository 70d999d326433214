/**
 * Security headers and rate limiting, registered on the root instance so they cover every route,
 * the SPA and the not-found handler.
 */
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { AppError } from '../shared/errors.ts';

/**
 * The Content-Security-Policy: the SPA and swagger-ui load only their own scripts; styles allow inline
 * `style` attributes (antd-mobile sets them); images may come from https (avatars, QR codes); the
 * webview page (SPEC §2) frames any external https/http url.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  mediaSrc: ["'self'", 'blob:', 'https:'],
  frameSrc: ["'self'", 'https:', 'http:'],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'self'"],
  formAction: ["'self'"],
  // The app is served over plain http on localhost too; forcing https would break that.
  upgradeInsecureRequests: null,
};

/** helmet's options: our CSP, helmet's defaults for the rest. */
export const HELMET_OPTIONS = {
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  // COEP would block the cross-origin images and iframes above.
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers @fastify/helmet sets with {@link HELMET_OPTIONS}, as [name, value] pairs in its order.
 * @fastify/helmet rebuilds helmet from its options on every request (parsing the CSP directives each
 * time: ~7% of a bzdata request's CPU in a profile), yet for static options the headers never change.
 * So helmet runs once here, on a throwaway instance, and the app replays what it set: the same
 * headers and values, from whichever helmet version is installed.
 */
export async function helmetHeaders(): Promise<[string, string][]> {
  const probe = Fastify({ logger: false });
  const captured: [string, string][] = [];
  // Added before helmet, so its hooks run first: record every header helmet then sets, as spelled.
  probe.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    const setHeader = raw.setHeader.bind(raw);
    raw.setHeader = (name, value) => {
      captured.push([name, String(value)]);
      return setHeader(name, value);
    };
    done();
  });
  await probe.register(helmet, HELMET_OPTIONS);
  // After helmet's hooks: stop recording (Fastify's own content-type etc. are set at writeHead).
  probe.addHook('onRequest', (_request, reply, done) => {
    Reflect.deleteProperty(reply.raw, 'setHeader');
    done();
  });
  probe.get('/', async () => '');
  await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  if (captured.length === 0) throw new Error('helmet set no headers');
  return captured;
}

/** Registers the security headers and the rate limiter; returns the limiter's hook for the not-found handler. */
export async function registerSecurity(app: FastifyInstance, config: Pick<Config, 'rateLimitMax'>) {
  // Into Fastify's reply headers, not res.setHeader: Node then writes all headers in one pass at
  // writeHead instead of bookkeeping each one (names go out in lower case, as Fastify's own do).
  const headers = Object.fromEntries(
    (await helmetHeaders()).map(([name, value]) => [name.toLowerCase(), value]),
  );
  // onRequest like helmet's own hooks, so 404s, errors and the SPA carry the headers too.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // The store is in process memory: with several API processes behind a load balancer each counts on
  // its own, so the effective limit is max × processes. Pass `redis:` here to share one budget.
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitMax,
    timeWindow: '1 minute',
    errorResponseBuilder: (_request, context) =>
      new AppError('TooManyRequests', `too many requests, retry in ${context.after}`),
  });
  return app.rateLimit();
}
