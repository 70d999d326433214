/**
 * The `back` parameter of the address pages: the page (checkout) to return to with the chosen
 * `addressId`. Only a page of this app is accepted, so a crafted link cannot send a buyer elsewhere.
 */

/** `value` when it is a route of this app (`/pages/…`), else null. */
export function safeBack(value: string | null | undefined): string | null {
  return value?.startsWith('/pages/') ? value : null;
}

/** `href` with `name=value` set in its query (replacing any earlier value). */
export function withParam(href: string, name: string, value: string | number): string {
  const at = href.indexOf('?');
  const path = at === -1 ? href : href.slice(0, at);
  const query = new URLSearchParams(at === -1 ? '' : href.slice(at + 1));
  query.set(name, String(value));
  return `${path}?${query.toString()}`;
}
