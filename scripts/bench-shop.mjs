// The shop's half of `npm run bench` (alone: `npm run bench:shop`): API throughput of the product list
// and of order creation, on the embedded PGlite and on PostgreSQL, against a bare Fastify route measured
// in the same run — bench-app.mjs's scheme: 16 keep-alive connections from a separate load process,
// every measurement three times with the others interleaved, medians, and the API process's CPU time
// per request.
//
// PostgreSQL: the server at BENCH_DATABASE_URL, else the test server of
// apps/api/scripts/start-test-postgres.sh (it needs root); the bench makes a database of its own there
// and drops it afterwards. When neither is to be had, the PostgreSQL figures say why they are missing.
//
// Orders: one buyer (logged in through the SMS outbox) orders one piece of a goods SKU whose stock an
// operator raised (`npm run admin -- product stock`), each request with an idempotency key of its own.
// Nothing pays them, so the orders pile up pending for the whole run; the databases are thrown away.
// There are no targets for these figures; a request that fails is a miss (`BUDGET MISSED`, exit 1).
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import {
  api,
  BENCH_ADDRESS,
  benchPlaces,
  freePort,
  measureInterleaved,
  runBench,
  smsLogin,
  startBareFastify,
  startProcess,
} from './bench-common.mjs';

const root = new URL('..', import.meta.url).pathname;
// The most an operator may set (apps/api/src/modules/shop/order-admin.ts MAX_STOCK): far more pieces
// than the runs order, so that no order is refused for want of stock.
const STOCK = 100_000;
const BUYER_PHONE = '13900005678';
const LIST_PATH = '/api/shop/products?page=1&size=20';

/**
 * Starts the API on the PostgreSQL database at `postgresUrl`, or on PGlite in `dataDir` when that is
 * '', logs the buyer in with a 收货地址, and raises the stock of the first goods SKU of the list;
 * answers what the runs need.
 */
async function startShop(label, dataDir, postgresUrl) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // An empty DATABASE_URL means PGlite, whatever the shell running the bench has set.
  const env = { DATA_DIR: dataDir, DATABASE_URL: postgresUrl };
  const server = await startProcess(
    ['apps/api/src/server.ts'],
    {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MAX: '1000000',
      // One buyer orders thousands of times without paying: the unpaid limits would stop it at 5.
      SHOP_MAX_UNPAID_ORDERS: '0',
      SHOP_MAX_UNPAID_UNITS_PER_SKU: '0',
    },
    `${base}${LIST_PATH}`,
    180_000,
  );
  try {
    const token = await smsLogin(base, dataDir, BUYER_PHONE);
    const address = (await api(base, '/api/shop/addresses', { token, body: BENCH_ADDRESS })).resData;
    const goods = (await api(base, '/api/shop/products?kind=goods&size=1')).resData.list[0];
    const skuId = goods?.skus[0]?.id;
    if (!skuId) throw new Error('no goods SKU in the catalogue');
    const stocked = spawnSync(
      process.execPath,
      ['apps/api/src/cli/admin.ts', 'product', 'stock', String(skuId), String(STOCK)],
      { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8' },
    );
    if (stocked.status !== 0) throw new Error(`admin product stock: ${stocked.stderr}${stocked.stdout}`);
    return { label, base, server, token, order: { items: [{ skuId, qty: 1 }], addressId: address.id } };
  } catch (error) {
    server.kill();
    throw new Error(`${label}: ${error.message}`);
  }
}

async function shopBench(missed) {
  const places = benchPlaces('shop');
  const { postgres } = places;
  const shops = [];
  try {
    const bare = await startBareFastify(places);
    shops.push(await startShop('PGlite', places.dataDir(), ''));
    places.track(shops[0].server);
    const postgresUrl = await places.postgresUrl();
    if (postgresUrl) {
      const shop = await startShop('PostgreSQL', places.dataDir(), postgresUrl);
      shops.push(shop);
      places.track(shop.server);
    }

    const targets = { bare };
    for (const shop of shops) {
      targets[`${shop.label} list`] = { url: `${shop.base}${LIST_PATH}`, server: shop.server };
      targets[`${shop.label} order`] = {
        url: `${shop.base}/api/shop/orders`,
        bodies: [shop.order],
        uniqueField: 'idempotencyKey',
        headers: { token: shop.token },
        server: shop.server,
      };
    }
    const { summary, cpuText, bare: bareResult, share } = await measureInterleaved(targets);
    console.log(
      `Shop API throughput (16 connections, median of 3 × 3 s, loopback, load average ${loadavg()[0].toFixed(1)}): bare Fastify ${bareResult.rps.toFixed(0)} req/s${cpuText(bareResult)}`,
    );
    for (const shop of shops) {
      const pending = (await api(shop.base, '/api/shop/orders?status=pending&size=1', { token: shop.token }))
        .resData.total;
      console.log(`  ${shop.label} GET ${LIST_PATH}: ${share(`${shop.label} list`)}`);
      console.log(
        `  ${shop.label} POST /api/shop/orders (one buyer, one goods piece, a new idempotency key each): ${share(`${shop.label} order`)}; ${pending} orders left pending`,
      );
      for (const [key, label] of [
        [`${shop.label} list`, `${shop.label} GET ${LIST_PATH}`],
        [`${shop.label} order`, `${shop.label} POST /api/shop/orders`],
      ]) {
        const { errors } = summary(key);
        if (errors > 0) missed.push(`${label}: ${errors} requests failed`);
      }
    }
    if (!postgres.url) console.log(`  PostgreSQL: not measured (${postgres.reason})`);
    else console.log('  (server CPU counts the API process only, not PostgreSQL’s own processes)');
  } finally {
    await places.close();
  }
}

await runBench('shop benchmark', shopBench);
