import type { ComponentType } from 'react';
import { useLocation } from 'react-router';

/** The pages of a group of routes, by path. */
export type PagesByPath = Readonly<Record<string, ComponentType>>;

/**
 * Shows the one of `pages` at the current path (`fallback` at a path it does not know): how a group of
 * routes that shares one lazily loaded chunk — the user centre, the order pages, the classroom — picks
 * its page.
 */
export function PageOfPath({ pages, fallback: Fallback }: { pages: PagesByPath; fallback: ComponentType }) {
  const { pathname } = useLocation();
  const Page = pages[pathname] ?? Fallback;
  return <Page />;
}
