/**
 * The article HTML allow-list (sanitize-html). Applied when an article is written (seed, editors) and
 * again when it is read, so a row written around the service (a database console, an old import)
 * still reaches the browser clean. What is kept: text structure (p, h2–h4, lists, blockquote, tables,
 * br, hr, span), emphasis, links to http/https/mailto and to the app's own pages (`#/pages/…`), and
 * images from https or our own upload store (`/api/files/…`). Everything else — scripts, styles,
 * frames, event attributes, `style`/`class`, `javascript:` and `data:` URLs — is removed.
 */
import sanitizeHtml from 'sanitize-html';

/** Links a reader may follow: the web, e-mail, and in-app hash routes. */
const SAFE_HREF = /^(?:https?:\/\/[^\s]+|mailto:[^\s]+|#\/pages\/[^\s]*)$/i;
/** External links open in a new tab, without handing the opener to the other site. */
const EXTERNAL_HREF = /^https?:\/\//i;
/** Pictures: https anywhere, or a file the upload route stored (a plain key, no `..`). */
const SAFE_SRC = /^(?:https:\/\/[^\s]+|\/api\/files\/(?!.*\.\.)[\w./-]+)$/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h2',
    'h3',
    'h4',
    'strong',
    'em',
    'b',
    'i',
    'u',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'br',
    'hr',
    'span',
  ],
  // rel and target are only ever set by the transform below (it rebuilds the attributes of every link).
  allowedAttributes: { a: ['href', 'rel', 'target'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  // Content of these is never text a reader should see (sanitize-html keeps the text of other
  // disallowed tags, e.g. an <h1>'s words survive as plain text).
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'template',
    'title',
  ],
  transformTags: {
    a: (_tag, attribs): sanitizeHtml.Tag => {
      const href = (attribs.href ?? '').trim();
      // A link we do not allow becomes plain text in a span; its words stay readable.
      if (!SAFE_HREF.test(href)) return { tagName: 'span', attribs: {} };
      if (EXTERNAL_HREF.test(href)) {
        return { tagName: 'a', attribs: { href, rel: 'noopener noreferrer', target: '_blank' } };
      }
      return { tagName: 'a', attribs: { href } };
    },
    img: (_tag, attribs): sanitizeHtml.Tag => {
      const src = (attribs.src ?? '').trim();
      const kept: Record<string, string> = SAFE_SRC.test(src) ? { src } : {};
      if (attribs.alt !== undefined) kept.alt = attribs.alt;
      return { tagName: 'img', attribs: kept };
    },
  },
  // A picture without an allowed source is dropped entirely.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** The article HTML with everything outside the allow-list removed. */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
