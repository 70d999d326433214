/**
 * The console uploads' settings, declared and validated here and gathered by config.ts at start-up.
 */
import { UPLOAD_CHUNK_BYTES } from '@xuanli/contracts/admin-courses-labels';
import { Type } from 'typebox';
import { integerSetting, readNamedSettings } from '../../shared/settings.ts';

/**
 * Console uploads. A chunk's request may take as long as its declared length needs at
 * `minRateBytesPerSecond`, times 1.5, plus a margin — longer than REQUEST_TIMEOUT_MS when that is
 * what a slow line needs. An operator may hold `maxOpenPerOperator` unfinished uploads declaring at
 * most `maxOpenBytesPerOperator` bytes together.
 */
export interface UploadSettings {
  /** UPLOAD_CHUNK_BYTES: the chunk size new uploads are given (default 4 MiB, the console's). */
  chunkBytes: number;
  /** UPLOAD_MIN_RATE_BYTES_PER_SECOND: the slowest line a chunk must get through (default 125,000 = 1 Mbit/s). */
  minRateBytesPerSecond: number;
  /** UPLOAD_MAX_OPEN_PER_OPERATOR: unfinished uploads one operator may have (default 10). */
  maxOpenPerOperator: number;
  /** UPLOAD_MAX_OPEN_BYTES_PER_OPERATOR: their declared sizes together (default 8 GiB). */
  maxOpenBytesPerOperator: number;
}

/** Defaults of {@link UploadSettings}. */
export const DEFAULT_UPLOAD_SETTINGS: UploadSettings = {
  chunkBytes: UPLOAD_CHUNK_BYTES,
  minRateBytesPerSecond: 125_000,
  maxOpenPerOperator: 10,
  maxOpenBytesPerOperator: 8 * 1024 * 1024 * 1024,
};

const d = DEFAULT_UPLOAD_SETTINGS;

/** The UPLOAD_* variables: their ranges and defaults. */
export const UPLOAD_SETTINGS = Type.Object({
  // At least 64 KiB, so that a 2 GiB video is at most 32,768 chunks; at most 64 MiB per request.
  UPLOAD_CHUNK_BYTES: integerSetting(65_536, 64 * 1024 * 1024, d.chunkBytes),
  UPLOAD_MIN_RATE_BYTES_PER_SECOND: integerSetting(1000, 1e9, d.minRateBytesPerSecond),
  UPLOAD_MAX_OPEN_PER_OPERATOR: integerSetting(1, 10_000, d.maxOpenPerOperator),
  UPLOAD_MAX_OPEN_BYTES_PER_OPERATOR: integerSetting(1, Number.MAX_SAFE_INTEGER, d.maxOpenBytesPerOperator),
});

/** Parses the UPLOAD_* settings ({@link UploadSettings}). */
export function parseUploadSettings(env: NodeJS.ProcessEnv): UploadSettings {
  return readNamedSettings(UPLOAD_SETTINGS, env, {
    chunkBytes: 'UPLOAD_CHUNK_BYTES',
    minRateBytesPerSecond: 'UPLOAD_MIN_RATE_BYTES_PER_SECOND',
    maxOpenPerOperator: 'UPLOAD_MAX_OPEN_PER_OPERATOR',
    maxOpenBytesPerOperator: 'UPLOAD_MAX_OPEN_BYTES_PER_OPERATOR',
  });
}
