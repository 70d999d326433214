/**
 * The window event the session store sends when a reader logs in. `SessionSync` (in the app layer,
 * on every route) waits for it before loading the sync code, so a visitor's calendar downloads
 * neither the session store nor the API client just to learn there is nothing to fetch.
 */
export const LOGIN_EVENT = 'xuanli:login';
