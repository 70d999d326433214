/**
 * Longer body deadlines for the requests that need them. The process gives every request
 * REQUEST_TIMEOUT_MS to arrive whole (server.ts, Node's `requestTimeout`, one value for the whole
 * server), which is right for forms and wrong for a console upload's chunk: 4 MiB over a 1 Mbit/s
 * line takes 34 s. Node offers no per-request time-out, so a route that expects a large body calls
 * {@link allowSlowBody} when the request starts: when Node's time-out then fires for that socket, the
 * client-error handler below lets it pass while the request's own deadline lies ahead, and a timer
 * answers 408 at that deadline instead. A request's deadline is never shorter than the server's:
 * the timer only acts once the server's own time-out has passed.
 *
 * {@link clientErrorHandler} is Fastify's `clientErrorHandler` (app.ts); server.ts hands it over to
 * the listening server with Fastify's other listeners. For everything but a time-out it answers as
 * Fastify's default handler does.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorCode } from '@xuanli/contracts/errors';
import { ERROR_MESSAGES_ZH } from '@xuanli/contracts/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** A request allowed to arrive later than the server's time-out, and until when (epoch ms). */
interface SlowBody {
  request: IncomingMessage;
  response: ServerResponse;
  until: number;
  /** Node's own request time-out has fired for it (and was let pass). */
  serverGaveUp: boolean;
}

const slowBodies = new WeakMap<Socket, SlowBody>();

const TIMEOUT_BODY = JSON.stringify({
  code: 'RequestTimeout' satisfies ErrorCode,
  msg: ERROR_MESSAGES_ZH.RequestTimeout,
});

/**
 * Answers 408 on `socket` (unless the response has begun, which a raw answer would corrupt) and closes
 * it, as Node does for its own time-out.
 */
function answerTimeout(socket: Socket, response?: ServerResponse): void {
  if (socket.destroyed) return;
  if (socket.writable && !response?.headersSent) {
    socket.write(
      `HTTP/1.1 408 ${STATUS_CODES[408]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(TIMEOUT_BODY)}\r\nConnection: close\r\n\r\n${TIMEOUT_BODY}`,
    );
  }
  socket.destroy();
}

/**
 * Lets the body of `request` take up to `ms` from now to arrive, even past the server's request
 * time-out; past both, the client gets 408 and the connection is closed.
 */
export function allowSlowBody(request: FastifyRequest, response: ServerResponse, ms: number): void {
  const raw = request.raw;
  const socket = raw.socket as Socket | null;
  if (!socket || raw.complete) return;
  const slow: SlowBody = { request: raw, response, until: Date.now() + ms, serverGaveUp: false };
  slowBodies.set(socket, slow);
  const timer = setTimeout(() => {
    if (slowBodies.get(socket) !== slow) return;
    slowBodies.delete(socket);
    if (slow.serverGaveUp && !raw.complete) answerTimeout(socket, response);
  }, ms);
  timer.unref();
  const forget = () => {
    clearTimeout(timer);
    if (slowBodies.get(socket) === slow) slowBodies.delete(socket);
  };
  response.once('close', forget);
  // Node's time-out stops watching a request once its body is in; so does this.
  raw.once('end', forget);
}

/**
 * Fastify's `clientErrorHandler`: a time-out of a request allowed a slow body is let pass until its
 * own deadline; everything else is answered like Fastify's default (408 for a time-out, now in our
 * envelope; 431 for oversized headers; 400 otherwise) and the connection closed.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: NodeJS.ErrnoException,
  socket: Socket,
): void {
  // A connection reset has nothing left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    const slow = slowBodies.get(socket);
    if (slow && !slow.request.complete && Date.now() < slow.until) {
      slow.serverGaveUp = true;
      return;
    }
    this.log.trace({ err: error }, 'client timeout');
    answerTimeout(socket, slow?.response);
    return;
  }
  const [status, body] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [
          431,
          '{"error":"Request Header Fields Too Large","message":"Exceeded maximum allowed HTTP header size","statusCode":431}',
        ]
      : [400, '{"error":"Bad Request","message":"Client Error","statusCode":400}'];
  this.log.trace({ err: error }, 'client error');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${body.length}\r\n` +
        `Content-Type: application/json\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
