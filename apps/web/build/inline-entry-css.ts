import type { Plugin } from 'vite';
import { builtHtmlPlugin } from './built-html-plugin.ts';
import { cssText } from './css-text.ts';

/** Larger entry CSS stays a cached file: inlined, it would be downloaded again with every index.html. */
const INLINE_CSS_MAX_BYTES = 16 * 1024;

/**
 * Replaces the entry's `<link rel="stylesheet">` in index.html with the stylesheet itself.
 *
 * An external stylesheet in the head blocks the first paint until it has arrived: one more round trip
 * on a phone before even the boot screen shows. The entry CSS is small (the page frame, tab bar and
 * header, ~1.3 KB compressed), so it travels inside the compressed index.html instead, at the same
 * cascade position. The CSS file stays in the build (the manifest lists it) but nothing loads it.
 */
export function inlineEntryCss(): Plugin {
  return builtHtmlPlugin('xuanli:inline-entry-css', (html, { bundle }, base) => {
    if (!bundle) return;
    return html.replace(
      /<link rel="stylesheet"(?: crossorigin)? href="([^"]+\.css)">/g,
      (link, href: string) => {
        const asset = href.startsWith(base) ? bundle[href.slice(base.length)] : undefined;
        if (asset?.type !== 'asset') return link;
        const css = cssText(asset.source);
        if (css.length > INLINE_CSS_MAX_BYTES) return link;
        // The disabled link is never fetched nor applied; it is there for Vite's lazy-chunk loader,
        // which adds every stylesheet a chunk depends on — the entry's included — unless a <link
        // rel="stylesheet"> with that href is already in the document. Without it the entry CSS would
        // be fetched again with the first lazy chunk and appended after the chunks' CSS, changing the
        // cascade.
        return `<style>${css}</style>\n    <link rel="stylesheet" crossorigin href="${href}" disabled>`;
      },
    );
  });
}
