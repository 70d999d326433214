/**
 * The check's HTTP client: node:http with keep-alive connections from one loopback address per
 * client, so that nginx and the API see each scripted client as a phone of its own (its own
 * X-Forwarded-For entry and per-address budgets), as the app's requests arrive in production. A
 * cookie jar holds what the API sets (the lesson player's media cookie).
 */
import { Agent, type IncomingHttpHeaders, request } from 'node:http';

/** An answer: status, headers and the whole body. */
export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A failed exchange: no answer came (refused, reset, timed out). */
export class NetworkError extends Error {
  readonly kind: string;
  constructor(kind: string, message: string) {
    super(message);
    this.kind = kind;
  }
}

/** A reset on a kept-alive connection before any answer: the request never reached the server. */
class StaleConnection extends NetworkError {}

/** What one request sends. */
export interface RequestOptions {
  headers?: Record<string, string>;
  /** JSON body (POST unless `method` says otherwise). */
  json?: unknown;
  method?: string;
  timeoutMs?: number;
}

/** A client with its own source address, connections and cookies. */
export class HttpClient {
  readonly base: URL;
  readonly localAddress: string | undefined;
  private readonly agent: Agent;
  private readonly cookies = new Map<string, string>();

  constructor(base: string, localAddress?: string) {
    this.base = new URL(base);
    this.localAddress = localAddress;
    this.agent = new Agent({ keepAlive: true, maxSockets: 4, localAddress });
  }

  /**
   * Requests whose kept-alive connection the server had closed before they reached it (the answer is a
   * reset before any byte), sent again on a new connection as browsers do.
   */
  static resent = 0;

  /** Sends one request to `path` (or an absolute URL on the same origin); rejects with {@link NetworkError}. */
  async send(path: string, options: RequestOptions = {}): Promise<Answer> {
    try {
      return await this.sendOnce(path, options);
    } catch (error) {
      // An idle keep-alive connection closed by the other side (nginx reloading, a node's keep-alive
      // ending) while this request was on its way: nothing was processed. Browsers, WeChat's WebView
      // included, then resend on a fresh connection; so does the check, once.
      if (!(error instanceof StaleConnection)) throw error;
      HttpClient.resent += 1;
      return this.sendOnce(path, options);
    }
  }

  private sendOnce(path: string, options: RequestOptions): Promise<Answer> {
    const url = new URL(path, this.base);
    const body = options.json === undefined ? undefined : Buffer.from(JSON.stringify(options.json));
    const headers: Record<string, string> = { 'accept-encoding': 'identity', ...options.headers };
    if (body) headers['content-type'] = 'application/json';
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (cookie) headers.cookie = cookie;
    return new Promise((resolve, reject) => {
      let answered = false;
      const req = request(
        url,
        { method: options.method ?? (body ? 'POST' : 'GET'), headers, agent: this.agent },
        (res) => {
          answered = true;
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            this.keepCookies(res.headers['set-cookie']);
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
          });
          res.on('error', (error: NodeJS.ErrnoException) =>
            reject(new NetworkError(error.code ?? 'aborted', error.message)),
          );
        },
      );
      req.setTimeout(options.timeoutMs ?? 30_000, () =>
        req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })),
      );
      req.on('error', (error: NodeJS.ErrnoException) => {
        const code = error.code ?? 'error';
        const stale = req.reusedSocket && !answered && (code === 'ECONNRESET' || code === 'EPIPE');
        reject(stale ? new StaleConnection(code, error.message) : new NetworkError(code, error.message));
      });
      req.end(body);
    });
  }

  private keepCookies(setCookie: string[] | undefined): void {
    for (const line of setCookie ?? []) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }

  /** Closes the kept-alive connections. */
  close(): void {
    this.agent.destroy();
  }
}

/** The JSON of an answer's body, or undefined when it is not JSON. */
export function jsonOf<T = Record<string, unknown>>(answer: Answer): T | undefined {
  try {
    return JSON.parse(answer.body.toString('utf8')) as T;
  } catch {
    return undefined;
  }
}

/**
 * The n-th client address: 127.1.0.1, 127.1.0.2, … — loopback addresses Linux routes to `lo` without
 * configuration, so each client connects from an address of its own.
 */
export function clientAddress(n: number): string {
  const host = n + 1;
  return `127.1.${Math.floor(host / 250) % 250}.${(host % 250) + 1}`;
}
