/**
 * The classroom's settings, declared and validated here and gathered by config.ts at start-up.
 */
import { Type } from 'typebox';
import { integerSetting, readSettings } from '../../shared/settings.ts';

/** The classroom's variables: their ranges and defaults. */
export const KETANG_SETTINGS = Type.Object({
  // A lesson's media URL (and the cookie binding it to the session that asked) lasts the lesson's
  // length plus this; the player asks again after that.
  PLAY_URL_MARGIN_SECONDS: integerSetting(60, 86_400, 900),
});

/** PLAY_URL_MARGIN_SECONDS from the environment (default 900 s). */
export function parsePlayUrlMarginSeconds(env: NodeJS.ProcessEnv): number {
  return readSettings(KETANG_SETTINGS, env).PLAY_URL_MARGIN_SECONDS;
}

export {
  DEFAULT_UPLOAD_SETTINGS,
  parseUploadSettings,
  UPLOAD_SETTINGS,
  type UploadSettings,
} from './upload-settings.ts';
