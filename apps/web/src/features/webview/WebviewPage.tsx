import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { isExternalUrl } from '@/lib/navigation';
import styles from './WebviewPage.module.css';

/** The host of `url` for the header, or null when it does not parse. */
function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

/**
 * Shows the external page given in the `url` query in a full-height iframe, with a header and a back
 * arrow; the app page itself does not scroll. Only http(s) addresses are loaded, so a crafted link
 * cannot run `javascript:` inside the app.
 */
export default function WebviewPage() {
  const [params] = useSearchParams();
  const url = params.get('url') ?? '';
  const isAllowed = isExternalUrl(url) && hostOf(url) !== null;
  return (
    <div className={styles.page}>
      <PageHeader back title={isAllowed ? hostOf(url) : undefined} />
      {isAllowed ? (
        <iframe
          className={styles.frame}
          src={url}
          title={hostOf(url) ?? '网页'}
          // No allow-top-navigation: the framed page must not be able to navigate the app away.
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
        />
      ) : (
        <p className={styles.invalid}>网址无效，无法打开此页面。</p>
      )}
    </div>
  );
}
