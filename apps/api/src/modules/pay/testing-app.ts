/**
 * Helpers of the pay tests: a suite's app configured for WeChat Pay and Alipay — the fake providers of
 * testing.ts on 127.0.0.1, signing with keys made for this run — and for the sandbox, and a provider's
 * callback posted to it as the provider posts it. Nothing here is used by the app itself.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll } from 'vitest';
import { buildTestApp, fixedClock, type TestApp } from '../../../test/build.ts';
import { useTestApp } from '../../../test/suite.ts';
import type { RawNotification } from './channel.ts';
import { parsePayConfig } from './settings.ts';
import { FakeAlipay, FakeWechatPay, type ProviderServer, serveProvider } from './testing.ts';

/** A suite's app with both providers, and the fakes that stand in for them. */
export interface PayTestApp {
  t: TestApp;
  wechat: FakeWechatPay;
  alipay: FakeAlipay;
}

/**
 * The suite's app (built before its tests, closed after them) paying through the fake WeChat Pay and
 * Alipay, each served on a loopback port of its own, and through the sandbox; the fakes share the
 * app's clock.
 */
export function usePayApp(): PayTestApp {
  const clock = fixedClock();
  const wechat = new FakeWechatPay(clock);
  const alipay = new FakeAlipay(clock);
  const servers: ProviderServer[] = [];
  // Registered first, so that it runs after the app is closed.
  afterAll(() => Promise.all(servers.map((server) => server.close())));
  const t = useTestApp(async () => {
    servers.push(await serveProvider(wechat.handle), await serveProvider(alipay.handle));
    const [wechatServer, alipayServer] = servers;
    const pay = parsePayConfig({
      ...wechat.env(wechatServer.url),
      ...alipay.env(alipayServer.url),
      PAY_PUBLIC_URL: 'https://shop.example.com',
      PAY_SANDBOX: 'on',
      PAY_PROVIDER_TIMEOUT_MS: '3000',
    });
    return buildTestApp({ clock, config: { pay } });
  });
  return { t, wechat, alipay };
}

/** `POST /api/pay/notify/{channel}` with a provider's callback: its headers (those it sets) and body. */
export function postCallback(
  t: TestApp,
  channel: string,
  raw: RawNotification,
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw.headers)) if (value !== undefined) headers[name] = value;
  return t.app.inject({ method: 'POST', url: `/api/pay/notify/${channel}`, headers, payload: raw.body });
}
