/** A CSS asset's text, made safe to sit inside <style>: `</style` in a string or comment would end it. */
export function cssText(source: string | Uint8Array): string {
  const css = typeof source === 'string' ? source : new TextDecoder().decode(source);
  return css.replaceAll('</style', '<\\/style');
}
