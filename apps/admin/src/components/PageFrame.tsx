/**
 * The frame of a console page: its title is the page's name in the menu (lib/console-pages.ts), so the
 * two never read differently, and `intro` says in a line what the page is for.
 */
import { PageContainer, type PageContainerProps } from '@ant-design/pro-components';
import type { ReactNode } from 'react';
import { CONSOLE_PAGES, type ConsolePage } from '@/lib/console-pages';

/** The page `page` of the menu, framed with its menu name, `intro` and whatever else PageContainer takes. */
export function PageFrame({
  page,
  intro,
  ...props
}: Omit<PageContainerProps, 'title' | 'subTitle'> & { page: ConsolePage['key']; intro?: ReactNode }) {
  const name = CONSOLE_PAGES.find((entry) => entry.key === page)?.name;
  return <PageContainer {...props} title={name} subTitle={intro} />;
}
