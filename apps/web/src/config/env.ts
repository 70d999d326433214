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

/**
 * The app's settings. Each `import.meta.env.X` is replaced by its value at build time, so the bundle
 * holds a few constants (the calendar route carries them).
 */
export const env: Env = {
  apiBaseUrl: String(import.meta.env.VITE_API_BASE_URL ?? '').trim() || '/api',
  baseUrl: import.meta.env.BASE_URL || '/',
  isProduction: import.meta.env.PROD === true,
};

/** The version the app reports (PRODUCT.md#who: 1.4.0, build 100), e.g. in 系统设置 → 关于玄历. */
export const APP_VERSION = { name: '1.4.0', build: 100 } as const;
