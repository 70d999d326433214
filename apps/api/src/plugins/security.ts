/**
 * Security headers and rate limiting, registered on the root instance so they cover every route,
 * the SPA and the not-found handler.
 */
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';

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

/** Registers helmet and the rate limiter; returns the limiter's hook for the not-found handler. */
export async function registerSecurity(app: FastifyInstance, config: Pick<Config, 'rateLimitMax'>) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    // COEP would block the cross-origin images and iframes above.
    crossOriginEmbedderPolicy: false,
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
