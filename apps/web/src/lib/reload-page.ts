/** Reloads the whole page. A module of its own so tests can replace it (jsdom cannot reload). */
export function reloadPage(): void {
  window.location.reload();
}
