// Load generator of the API throughput benchmarks, run by bench-app.mjs and bench-shop.mjs as its own
// process so that the orchestrator (browser, Lighthouse, timers) does not share its event loop. Keep-alive
// connections each send one request at a time for `seconds`; prints {rps, errors} as JSON.
// Usage: node scripts/bench-load.mjs '{"url": "…", "seconds": 3, "connections": 16, "bodies": [{…}], "headers": {…}}'
// `bodies` (optional) are POSTed as JSON in turn; without them the request is a GET. `headers`
// (optional) go with every request, e.g. a session `token`. `uniqueField` (optional) names a body
// field set to a value of its own in every request (an order's `idempotencyKey`: the same key would
// answer the first order again instead of making one). `expectStatus` (default 200) is the answer that
// counts as served: a refusal the run measures on purpose (a forged callback's 400) is not an error.
import http from 'node:http';

const {
  url,
  seconds = 3,
  connections = 16,
  bodies,
  headers = {},
  uniqueField,
  expectStatus = 200,
} = JSON.parse(process.argv[2]);
// Serialized once: the generator should spend its CPU on HTTP, not on JSON. Only a body with a field
// of its own per request is serialized per request.
const payloads = uniqueField ? undefined : bodies?.map((body) => JSON.stringify(body));
// Unique across load runs, processes and benchmark runs: this process, its start, then a counter.
const uniquePrefix = `b${process.pid.toString(36)}${Date.now().toString(36)}`;
let unique = 0;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
let count = 0;
let errors = 0;
let next = 0;

function one() {
  return new Promise((resolve) => {
    const payload = uniqueField
      ? JSON.stringify({ ...bodies[next++ % bodies.length], [uniqueField]: `${uniquePrefix}-${unique++}` })
      : payloads?.[next++ % payloads.length];
    const request = http.request(
      url,
      {
        agent,
        method: payload === undefined ? 'GET' : 'POST',
        headers:
          payload === undefined
            ? headers
            : {
                ...headers,
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(payload),
              },
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === expectStatus) count++;
          else errors++;
          resolve();
        });
      },
    );
    request.on('error', () => {
      errors++;
      resolve();
    });
    request.end(payload);
  });
}

const start = Date.now();
const deadline = start + seconds * 1000;
await Promise.all(
  Array.from({ length: connections }, async () => {
    while (Date.now() < deadline) await one();
  }),
);
agent.destroy();
console.log(JSON.stringify({ rps: count / ((Date.now() - start) / 1000), errors }));
