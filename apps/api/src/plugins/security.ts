/**
 * Security headers, registered on the root instance so they cover every route, the SPA and the
 * not-found handler. (Rate limiting is plugins/rate-limit.ts.)
 */
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * The Content-Security-Policy: the SPA and swagger-ui load only their own scripts; styles allow inline
 * `style` attributes (antd-mobile sets them); images may come from https (avatars, QR codes); the
 * webview page (PRODUCT.md#screens) frames any external https/http url.
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

/**
 * How long a browser that once reached us over https keeps to https (Strict-Transport-Security): a
 * year, helmet's default, spelt out so that an upgrade of helmet cannot shorten it; browsers' preload
 * lists ask for at least that. Sent only over https ({@link securityHeaderSetter}).
 */
export const HSTS_MAX_AGE_SECONDS = 365 * 86_400;

/** helmet's options: our CSP and HSTS, helmet's defaults for the rest. */
export const HELMET_OPTIONS = {
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  strictTransportSecurity: { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true },
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

/** Sets the security headers of a reply, given its request. */
export type SecurityHeaderSetter = (request: FastifyRequest, reply: FastifyReply) => void;

/** The app decorator holding the app's {@link SecurityHeaderSetter}. */
const SECURITY_HEADERS = 'xuanliSecurityHeaders';

/**
 * The setter for `captured` ({@link helmetHeaders}). Strict-Transport-Security goes only on answers
 * to requests that came over https (`request.protocol`, which believes X-Forwarded-Proto from the
 * proxies `trustProxy` trusts): browsers ignore it over http anyway (RFC 6797 §8.1), and the app is
 * also served over plain http, on localhost and behind TLS-terminating proxies that do not say so.
 */
export function securityHeaderSetter(captured: [string, string][]): SecurityHeaderSetter {
  // Into Fastify's reply headers, not res.setHeader: Node then writes all headers in one pass at
  // writeHead instead of bookkeeping each one (names go out in lower case, as Fastify's own do).
  const overHttps = Object.fromEntries(captured.map(([name, value]) => [name.toLowerCase(), value]));
  const overHttp = Object.fromEntries(
    Object.entries(overHttps).filter(([name]) => name !== 'strict-transport-security'),
  );
  return (request, reply) => {
    reply.headers(request.protocol === 'https' ? overHttps : overHttp);
  };
}

/**
 * Sets the app's security headers on a reply that skipped the onRequest hooks (Fastify's
 * `frameworkErrors`); a no-op before {@link registerSecurity} ran.
 */
export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  const server = request.server;
  if (server.hasDecorator(SECURITY_HEADERS)) {
    server.getDecorator<SecurityHeaderSetter>(SECURITY_HEADERS)(request, reply);
  }
}

/** Registers the security headers on every answer. */
export async function registerSecurity(app: FastifyInstance): Promise<void> {
  const setSecurityHeaders = securityHeaderSetter(await helmetHeaders());
  // For replies that bypass the hooks (plugins/error-handler.ts replyToFrameworkError).
  app.decorate(SECURITY_HEADERS, setSecurityHeaders);
  // onRequest like helmet's own hooks, so 404s, errors and the SPA carry the headers too.
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request, reply);
    done();
  });
}
