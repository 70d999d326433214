// The peer of the API throughput benchmark: a bare Fastify route with no plugins, on the same machine
// and in the same run, so the day route's figure reads as a fraction of what Fastify itself can do.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ code: 0, msg: 'ok', resData: { hello: 'world' } }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
