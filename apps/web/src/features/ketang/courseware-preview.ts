/**
 * Previewing a courseware PDF: the file opens in a new browser tab or window, where a phone shows it
 * in its own PDF viewer (the app's webview page is for outside sites, not for our files). Where new
 * windows are blocked — WeChat's in-app browser, some Android WebViews — the page itself goes to the
 * file instead, and the back gesture returns to the courseware.
 */

/** Opens `url` for reading; returns how: in a new window, or in place of the page. */
export function previewFile(url: string): 'window' | 'page' {
  const opened = window.open(url, '_blank');
  if (opened) {
    // The file needs no handle on the app (as `noopener` would do, but that makes open() return null).
    opened.opener = null;
    return 'window';
  }
  window.location.assign(url);
  return 'page';
}
