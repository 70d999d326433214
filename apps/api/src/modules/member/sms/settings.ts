/**
 * The SMS settings, declared and validated here and gathered by config.ts at start-up: which provider
 * sends the login codes and its credentials, or the development outbox.
 */
import { join, resolve } from 'node:path';
import { ConfigError } from '../../../shared/settings.ts';

// A relative SMS_OUTBOX_DIR is taken from the repository's root, as every folder setting is.
const REPO_ROOT = new URL('../../../../../../', import.meta.url).pathname;

/** Where login codes go: a file in the data folder, or a real SMS provider. */
export type SmsProvider = 'outbox' | 'aliyun' | 'tencent';

/**
 * SMS settings. `outbox` (the default) appends each message to `outboxDir/sms.jsonl` instead of
 * sending it; `aliyun` (Dysmsapi SendSms) and `tencent` (SMS SendSms 2021-01-11) send for real with
 * the credentials below, which are required for them and never logged.
 */
export interface SmsConfig {
  provider: SmsProvider;
  /** SMS_OUTBOX_DIR, default `DATA_DIR/outbox`. */
  outboxDir: string;
  /** SMS_ACCESS_KEY_ID: Aliyun AccessKey ID / Tencent SecretId. */
  accessKeyId: string;
  /** SMS_ACCESS_KEY_SECRET: Aliyun AccessKey secret / Tencent SecretKey. */
  accessKeySecret: string;
  /** SMS_SIGN_NAME: the approved signature shown in 【】, e.g. 玄历. */
  signName: string;
  /** SMS_TEMPLATE_CODE: the approved template with one variable for the code (Aliyun `${code}`, Tencent `{1}`). */
  templateCode: string;
  /** SMS_SDK_APP_ID: Tencent's SmsSdkAppId (tencent only). */
  sdkAppId: string;
  /** SMS_ENDPOINT: the provider's HTTPS endpoint; defaults to the provider's public one. */
  endpoint: string | undefined;
}

const SMS_PROVIDERS: readonly SmsProvider[] = ['outbox', 'aliyun', 'tencent'];

/**
 * Parses the SMS_* settings. A real provider without its credentials is refused at start-up: a server
 * that starts but cannot send a single login code would only fail later, one user at a time.
 */
export function parseSmsConfig(env: NodeJS.ProcessEnv, dataDir: string): SmsConfig {
  const raw = env.SMS_PROVIDER || 'outbox';
  if (!(SMS_PROVIDERS as readonly string[]).includes(raw)) {
    throw new ConfigError(`SMS_PROVIDER must be one of ${SMS_PROVIDERS.join(', ')}, got '${raw}'`);
  }
  const provider = raw as SmsProvider;
  const sms: SmsConfig = {
    provider,
    outboxDir: resolve(REPO_ROOT, env.SMS_OUTBOX_DIR || join(dataDir, 'outbox')),
    accessKeyId: env.SMS_ACCESS_KEY_ID ?? '',
    accessKeySecret: env.SMS_ACCESS_KEY_SECRET ?? '',
    signName: env.SMS_SIGN_NAME ?? '',
    templateCode: env.SMS_TEMPLATE_CODE ?? '',
    sdkAppId: env.SMS_SDK_APP_ID ?? '',
    endpoint: env.SMS_ENDPOINT || undefined,
  };
  if (provider === 'outbox') return sms;
  const required = ['SMS_ACCESS_KEY_ID', 'SMS_ACCESS_KEY_SECRET', 'SMS_SIGN_NAME', 'SMS_TEMPLATE_CODE'];
  if (provider === 'tencent') required.push('SMS_SDK_APP_ID');
  // Only the names of what is missing: a message never repeats a credential.
  const missing = required.filter((name) => !env[name]?.trim());
  if (missing.length > 0) {
    throw new ConfigError(
      `SMS_PROVIDER=${provider} needs ${missing.join(', ')}; set them, or use SMS_PROVIDER=outbox to write codes to a file`,
    );
  }
  if (sms.endpoint !== undefined && !/^https:\/\//.test(sms.endpoint)) {
    throw new ConfigError('SMS_ENDPOINT must be an https:// URL');
  }
  return sms;
}
