import type { IndexHtmlTransformContext, IndexHtmlTransformResult, Plugin } from 'vite';

/** Rewrites the built index.html, given the bundle (in `context`) and the app's base path (`/xuanli/`). */
export type BuiltHtmlTransform = (
  html: string,
  context: IndexHtmlTransformContext,
  base: string,
) => IndexHtmlTransformResult | undefined;

/**
 * A build-only plugin named `name` that runs `transform` on index.html once the bundle is written (order
 * `post`), with the base path the bundle's file names are relative to.
 */
export function builtHtmlPlugin(name: string, transform: BuiltHtmlTransform): Plugin {
  let base = '/';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html, context) => transform(html, context, base),
    },
  };
}
