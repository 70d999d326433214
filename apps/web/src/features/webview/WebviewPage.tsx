import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { isExternalUrl } from '@/lib/navigation';
import styles from './WebviewPage.module.css';

/** The header's title when the `url` query cannot be opened (missing, `javascript:`, not a web address). */
export const INVALID_LINK_TITLE = '链接无效';

/** The host of `url` for the header, or null when it does not parse. */
function hostOf(url: string): string | null {
  try {
    return new URL(url).host || null;
  } catch {
    return null;
  }
}

/**
 * Shows the external page given in the `url` query in a full-height iframe, with a header and a back
 * arrow; the app page itself does not scroll. Only http(s) addresses are loaded, so a crafted link
 * cannot run `javascript:` inside the app; anything else gets the title 链接无效 and says why.
 */
export default function WebviewPage() {
  const [params] = useSearchParams();
  const url = params.get('url') ?? '';
  const host = isExternalUrl(url) ? hostOf(url) : null;
  const title = host ?? INVALID_LINK_TITLE;
  useDocumentTitle(title);
  return (
    <div className={styles.page}>
      <PageHeader back title={title} />
      {host ? (
        <iframe
          className={styles.frame}
          src={url}
          title={host}
          // No allow-top-navigation: the framed page must not be able to navigate the app away.
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
        />
      ) : (
        <div className={styles.invalid}>
          <p>网址无效，无法打开此页面。</p>
          <Link className={styles.home} to={paths.calendar.getHref()} replace>
            回到日历
          </Link>
        </div>
      )}
    </div>
  );
}
