/**
 * The payment channels' settings, declared and validated here and gathered by config.ts at start-up:
 * WeChat Pay and Alipay with their keys (normalised to PEM and held in `Secret`s), the sandbox, where
 * the providers call back, and how often refused callbacks are written and payments reconciled.
 */
import { createPrivateKey, createPublicKey, type KeyObject, X509Certificate } from 'node:crypto';
import {
  ConfigError,
  httpsUrl,
  integer,
  MIN_SECRET_BYTES,
  originSetting,
  parsePublicUrl,
  secretSetting,
} from '../../shared/settings.ts';
import { Secret } from '../../shared/storage.ts';

/**
 * The payment settings. A real channel is configured by its id variable (WECHATPAY_MCH_ID,
 * ALIPAY_APP_ID) and then needs all of its keys; the sandbox is on when no real channel is
 * configured, except under NODE_ENV=production, and PAY_SANDBOX=on|off decides it outright. Keys,
 * merchant and app ids are held in {@link Secret}s, so printing the config never shows them.
 */
export interface PayConfig {
  /**
   * PAY_PUBLIC_URL (else PUBLIC_URL): the site's https origin as buyers and providers reach it (notify and
   * return URLs).
   */
  publicUrl: string | undefined;
  /** PAY_SANDBOX (on|off), default as described above. */
  sandbox: boolean;
  /** PAY_SANDBOX_KEY: the sandbox's HMAC key; when absent one is generated once into the database. */
  sandboxKey: Secret | undefined;
  /** PAY_PROVIDER_TIMEOUT_MS: how long WeChat Pay or Alipay may take to answer a request. */
  providerTimeoutMs: number;
  /**
   * PAY_REFUSED_CALLBACK_RETENTION_DAYS (default 30): how long the tallies of refused callbacks
   * (`pay_refused_callbacks`: channel, reason, source /24, count, first and last seen) are kept before
   * the clean-up job removes them.
   */
  refusedCallbackRetentionDays: number;
  /**
   * PAY_REFUSED_CALLBACK_MAX_ROWS (default 1000): how many tallies of refused callbacks may exist; a
   * new source beyond it is counted in its channel and reason's overflow row (source `*`).
   */
  refusedCallbackMaxRows: number;
  /**
   * PAY_REFUSED_CALLBACK_FLUSH_SECONDS (default 5; 0 = each as it comes): how often a process writes
   * the refused callbacks it has counted in memory. A flood of forged callbacks then costs the
   * database one write per row every few seconds instead of one per post; a crash loses at most the
   * last few seconds' counts, which are an attacker's.
   */
  refusedCallbackFlushSeconds: number;
  /**
   * PAY_RECONCILE_INTERVAL_SECONDS (default 600; 0 = off): how often each process asks the providers
   * about payment attempts that have no final state yet (modules/pay reconcile.ts).
   */
  reconcileIntervalSeconds: number;
  /** PAY_RECONCILE_DAYS (default 3): how far back the reconciliation looks for unsettled attempts. */
  reconcileDays: number;
  wechat: WechatPayConfig | undefined;
  alipay: AlipayConfig | undefined;
}

/** WeChat Pay API v3 as a directly connected merchant (直连商户). */
export interface WechatPayConfig {
  /** WECHATPAY_MCH_ID: 商户号. */
  mchId: Secret;
  /** WECHATPAY_APP_ID: the 公众号 / H5 AppID bound to the merchant. */
  appId: Secret;
  /** WECHATPAY_MCH_SERIAL_NO: serial number of the merchant API certificate (商户API证书序列号). */
  merchantSerialNo: string;
  /** WECHATPAY_MCH_PRIVATE_KEY(_FILE): the merchant API private key, PEM (apiclient_key.pem). */
  merchantPrivateKey: Secret;
  /** WECHATPAY_API_V3_KEY(_FILE): the 32-byte APIv3 key that encrypts callback resources. */
  apiV3Key: Secret;
  /** WECHATPAY_PLATFORM_CERT(_FILE): the 平台证书 PEM(s) whose serials callbacks name. */
  platformCertificates: string[];
  /** WECHATPAY_PUBLIC_KEY_ID: the 微信支付公钥 id (PUB_KEY_ID_…), with WECHATPAY_PUBLIC_KEY(_FILE). */
  publicKeyId: string | undefined;
  /** WECHATPAY_PUBLIC_KEY(_FILE): the 微信支付公钥 PEM. */
  publicKey: string | undefined;
  /** WECHATPAY_ENDPOINT, default https://api.mch.weixin.qq.com. */
  endpoint: string;
}

/** Alipay 手机网站支付 in 普通公钥模式 (an app key pair and Alipay's public key). */
export interface AlipayConfig {
  /** ALIPAY_APP_ID. */
  appId: Secret;
  /** ALIPAY_PRIVATE_KEY(_FILE): the app's RSA2 private key (PEM or the key tool's bare base64), as PKCS#8 PEM. */
  privateKey: Secret;
  /** ALIPAY_PUBLIC_KEY(_FILE): 支付宝公钥 (PEM or bare base64), as SPKI PEM. */
  alipayPublicKey: string;
  /** ALIPAY_GATEWAY, default https://openapi.alipay.com/gateway.do (the cashier page's address). */
  gateway: string;
  /** ALIPAY_ENDPOINT, default https://openapi.alipay.com (API v3 calls: refunds, queries, closing). */
  endpoint: string;
  /**
   * ALIPAY_SELLER_ID: the merchant's PID (2088 and 12 digits), the `seller_id` of every notification
   * for money paid to us; a validly signed notification naming another seller is refused.
   */
  sellerId: Secret;
}

/**
 * A key given as PEM or as the bare base64 DER that Alipay's key tool prints, as an RSA key the
 * channels then take in one form (PKCS#8 or SPKI PEM); anything else is refused naming `name`.
 */
function keyObject(text: string, name: string, kind: 'private' | 'public'): KeyObject {
  const der = text.includes('-----BEGIN') ? undefined : Buffer.from(text.replace(/\s+/g, ''), 'base64');
  const attempts: (() => KeyObject)[] =
    kind === 'private'
      ? der
        ? [
            () => createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }),
            () => createPrivateKey({ key: der, format: 'der', type: 'pkcs1' }),
          ]
        : [() => createPrivateKey(text)]
      : der
        ? [
            () => createPublicKey({ key: der, format: 'der', type: 'spki' }),
            () => createPublicKey({ key: der, format: 'der', type: 'pkcs1' }),
          ]
        : [() => createPublicKey(text)];
  for (const attempt of attempts) {
    try {
      const key = attempt();
      if (key.asymmetricKeyType !== 'rsa') break;
      return key;
    } catch {
      // The next format, or the refusal below.
    }
  }
  throw new ConfigError(`${name} is not an RSA ${kind} key (PEM, or base64 DER)`);
}

/** The PEM certificates in `text` (WeChat Pay's 平台证书), each checked to parse at start-up. */
function certificates(text: string, name: string): string[] {
  const pems = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  if (pems.length === 0) throw new ConfigError(`${name} holds no PEM certificate`);
  for (const pem of pems) {
    try {
      new X509Certificate(pem);
    } catch {
      throw new ConfigError(`${name} holds a certificate that does not parse`);
    }
  }
  return pems;
}

/** WeChat Pay when WECHATPAY_MCH_ID is set, with every key it needs; undefined otherwise. */
function parseWechatPay(env: NodeJS.ProcessEnv): WechatPayConfig | undefined {
  const mchId = env.WECHATPAY_MCH_ID?.trim();
  if (!mchId) return undefined;
  const privateKey = secretSetting(env, 'WECHATPAY_MCH_PRIVATE_KEY');
  const apiV3Key = secretSetting(env, 'WECHATPAY_API_V3_KEY');
  const certs = secretSetting(env, 'WECHATPAY_PLATFORM_CERT');
  const publicKey = secretSetting(env, 'WECHATPAY_PUBLIC_KEY');
  const publicKeyId = env.WECHATPAY_PUBLIC_KEY_ID?.trim() || undefined;
  const missing = [
    ['WECHATPAY_APP_ID', env.WECHATPAY_APP_ID?.trim()],
    ['WECHATPAY_MCH_SERIAL_NO', env.WECHATPAY_MCH_SERIAL_NO?.trim()],
    ['WECHATPAY_MCH_PRIVATE_KEY', privateKey],
    ['WECHATPAY_API_V3_KEY', apiV3Key],
  ]
    .filter(([, value]) => !value)
    .map(([variable]) => variable);
  if (!certs && !publicKey) missing.push('WECHATPAY_PLATFORM_CERT or WECHATPAY_PUBLIC_KEY');
  if (missing.length > 0)
    throw new ConfigError(`WECHATPAY_MCH_ID is set, so WeChat Pay needs ${missing.join(', ')}`);
  if (Buffer.byteLength(apiV3Key as string) !== 32) {
    throw new ConfigError('WECHATPAY_API_V3_KEY must be the 32-character APIv3 key');
  }
  if (publicKey && !publicKeyId) throw new ConfigError('WECHATPAY_PUBLIC_KEY needs WECHATPAY_PUBLIC_KEY_ID');
  if (publicKeyId && !publicKey) throw new ConfigError('WECHATPAY_PUBLIC_KEY_ID needs WECHATPAY_PUBLIC_KEY');
  return {
    mchId: new Secret(mchId),
    appId: new Secret((env.WECHATPAY_APP_ID as string).trim()),
    merchantSerialNo: (env.WECHATPAY_MCH_SERIAL_NO as string).trim().toUpperCase(),
    merchantPrivateKey: new Secret(
      keyObject(privateKey as string, 'WECHATPAY_MCH_PRIVATE_KEY', 'private')
        .export({ type: 'pkcs8', format: 'pem' })
        .toString(),
    ),
    apiV3Key: new Secret(apiV3Key as string),
    platformCertificates: certs ? certificates(certs, 'WECHATPAY_PLATFORM_CERT') : [],
    publicKeyId,
    publicKey: publicKey
      ? keyObject(publicKey, 'WECHATPAY_PUBLIC_KEY', 'public')
          .export({ type: 'spki', format: 'pem' })
          .toString()
      : undefined,
    endpoint: httpsUrl(env, 'WECHATPAY_ENDPOINT', 'https://api.mch.weixin.qq.com'),
  };
}

/** Alipay when ALIPAY_APP_ID is set, with both keys and the seller's PID; undefined otherwise. */
function parseAlipay(env: NodeJS.ProcessEnv): AlipayConfig | undefined {
  const appId = env.ALIPAY_APP_ID?.trim();
  if (!appId) return undefined;
  const privateKey = secretSetting(env, 'ALIPAY_PRIVATE_KEY');
  const publicKey = secretSetting(env, 'ALIPAY_PUBLIC_KEY');
  const sellerId = env.ALIPAY_SELLER_ID?.trim();
  const missing = [
    ['ALIPAY_PRIVATE_KEY', privateKey],
    ['ALIPAY_PUBLIC_KEY', publicKey],
    ['ALIPAY_SELLER_ID', sellerId],
  ]
    .filter(([, value]) => !value)
    .map(([variable]) => variable);
  if (missing.length > 0)
    throw new ConfigError(`ALIPAY_APP_ID is set, so Alipay needs ${missing.join(', ')}`);
  if (!/^2088\d{12}$/.test(sellerId as string)) {
    throw new ConfigError("ALIPAY_SELLER_ID must be the merchant's PID: 2088 followed by 12 digits");
  }
  return {
    appId: new Secret(appId),
    privateKey: new Secret(
      keyObject(privateKey as string, 'ALIPAY_PRIVATE_KEY', 'private')
        .export({ type: 'pkcs8', format: 'pem' })
        .toString(),
    ),
    alipayPublicKey: keyObject(publicKey as string, 'ALIPAY_PUBLIC_KEY', 'public')
      .export({ type: 'spki', format: 'pem' })
      .toString(),
    gateway: httpsUrl(env, 'ALIPAY_GATEWAY', 'https://openapi.alipay.com/gateway.do'),
    endpoint: httpsUrl(env, 'ALIPAY_ENDPOINT', 'https://openapi.alipay.com'),
    sellerId: new Secret(sellerId as string),
  };
}

/**
 * Parses PAY_* and the channels' settings. A real channel with a key missing or unreadable is refused
 * at start-up, as is a real channel without PAY_PUBLIC_URL (its callbacks would have nowhere to go).
 */
export function parsePayConfig(env: NodeJS.ProcessEnv): PayConfig {
  const wechat = parseWechatPay(env);
  const alipay = parseAlipay(env);
  const sandboxSetting = env.PAY_SANDBOX?.trim().toLowerCase() ?? '';
  if (!['', 'on', 'off'].includes(sandboxSetting)) {
    throw new ConfigError(`PAY_SANDBOX must be on or off, got '${sandboxSetting.slice(0, 20)}'`);
  }
  const sandbox =
    sandboxSetting !== ''
      ? sandboxSetting === 'on'
      : env.NODE_ENV !== 'production' && wechat === undefined && alipay === undefined;
  // The providers call back to the site itself unless the payments are reached at an origin of their own.
  const publicUrl = originSetting(env, 'PAY_PUBLIC_URL') ?? parsePublicUrl(env);
  if ((wechat || alipay) && !publicUrl?.startsWith('https://')) {
    throw new ConfigError(
      'WeChat Pay and Alipay call back over https: set PAY_PUBLIC_URL to the site origin, e.g. https://xuanli.example.com',
    );
  }
  const sandboxKey = env.PAY_SANDBOX_KEY?.trim();
  if (sandboxKey && Buffer.byteLength(sandboxKey) < MIN_SECRET_BYTES) {
    throw new ConfigError(`PAY_SANDBOX_KEY must be at least ${MIN_SECRET_BYTES} bytes long`);
  }
  return {
    publicUrl,
    sandbox,
    sandboxKey: sandboxKey ? new Secret(sandboxKey) : undefined,
    providerTimeoutMs: integer(env, 'PAY_PROVIDER_TIMEOUT_MS', 10_000, 1000, 60_000),
    refusedCallbackRetentionDays: integer(env, 'PAY_REFUSED_CALLBACK_RETENTION_DAYS', 30, 1, 3650),
    refusedCallbackMaxRows: integer(env, 'PAY_REFUSED_CALLBACK_MAX_ROWS', 1000, 1, 1_000_000),
    refusedCallbackFlushSeconds: integer(env, 'PAY_REFUSED_CALLBACK_FLUSH_SECONDS', 5, 0, 3600),
    reconcileIntervalSeconds: integer(env, 'PAY_RECONCILE_INTERVAL_SECONDS', 600, 0, 86_400),
    reconcileDays: integer(env, 'PAY_RECONCILE_DAYS', 3, 1, 90),
    wechat,
    alipay,
  };
}
