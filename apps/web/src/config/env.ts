/**
 * Build-time settings, read from `import.meta.env` once here; the rest of the app imports `env` and
 * never touches `import.meta.env` itself.
 */

/** Parsed settings of the web app. */
export interface Env {
  /** Base of API paths; `/api` on the single origin that serves both the SPA and the API. */
  readonly apiBaseUrl: string;
  /** Where the app is served, e.g. `/xuanli/`. */
  readonly baseUrl: string;
  readonly isProduction: boolean;
}

function parseEnv(source: Record<string, unknown>): Env {
  const apiBaseUrl = typeof source.VITE_API_BASE_URL === 'string' ? source.VITE_API_BASE_URL.trim() : '';
  return {
    apiBaseUrl: apiBaseUrl || '/api',
    baseUrl: typeof source.BASE_URL === 'string' ? source.BASE_URL : '/',
    isProduction: source.PROD === true,
  };
}

/** The app's settings. */
export const env: Env = parseEnv(import.meta.env);

/** The version the app reports (SPEC §1: 1.4.0, build 100), e.g. in 系统设置 → 关于玄历. */
export const APP_VERSION = { name: '1.4.0', build: 100 } as const;
