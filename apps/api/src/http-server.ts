/**
 * The listening HTTP server of the process (server.ts), apart from the app: Node's own server with
 * the process's time-outs, answering 503 until the app is ready, then handing every request to
 * Fastify's router. Tests that are about sockets and time-outs build the same server around a test
 * app, so what they show is what production runs.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { ErrorCode } from '@xuanli/contracts/errors';
import type { FastifyInstance } from 'fastify';
import type { Timeouts } from './config.ts';
import { ERROR_STATUS } from './shared/errors.ts';

// Fastify's default: longer than the idle time-out of common load balancers (60 s), so that they
// never send a request on a connection we are closing at that very moment.
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

const STARTING_BODY = JSON.stringify({
  code: 'Unavailable' satisfies ErrorCode,
  msg: 'starting, retry shortly',
});

/** The answer to every request until the app is ready. */
function answerStarting(_request: IncomingMessage, response: ServerResponse): void {
  response.writeHead(ERROR_STATUS.Unavailable, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'retry-after': '1',
    // A request body is not read; closing the connection is cheaper than draining it.
    connection: 'close',
  });
  response.end(STARTING_BODY);
}

/**
 * The HTTP server with the process's time-outs: a request whose headers or body stall is answered 408
 * and its connection closed, instead of being held open for ever.
 */
export function createHttpServer(timeouts: Timeouts): Server {
  const server = createServer({
    requestTimeout: timeouts.requestMs,
    headersTimeout: timeouts.headersMs,
    // Node checks the two time-outs above only this often (every 30 s by default).
    connectionsCheckingInterval: Math.min(1000, timeouts.headersMs),
  });
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // A connection silent for this long, mid-request or mid-response (a client that stopped reading), is
  // dead. Longer than the request time-out, which answers 408 where this would only close.
  server.setTimeout(2 * timeouts.requestMs);
  server.on('request', answerStarting);
  return server;
}

/** Sends the server's requests to the app from now on, with Fastify's answers to malformed requests. */
export function handOver(server: Server, app: FastifyInstance): void {
  for (const listener of app.server.listeners('clientError')) {
    server.on('clientError', listener as (...args: unknown[]) => void);
  }
  server.off('request', answerStarting);
  server.on('request', app.routing);
}
