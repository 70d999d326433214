/**
 * The member module's settings, declared and validated beside what they configure (the SMS provider:
 * sms/settings.ts) and gathered by config.ts at start-up.
 */
export { parseSmsConfig, type SmsConfig, type SmsProvider } from './sms/settings.ts';
