import { useEffect, useRef } from 'react';
import { useNavigation } from '@/lib/navigation';
import styles from './article.module.css';
import { linkAction } from './links';

/**
 * An article's HTML in a container whose CSS styles only the tags the server's allow-list keeps
 * (PRODUCT.md#paths `crm/article/read`; the API sanitises with sanitize-html and never sends scripts, styles
 * or event attributes). Taps on its links stay in the app: `#/pages/...` opens the page, a web address opens
 * in the webview page (PRODUCT.md#screens).
 */
export function ArticleBody({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const navigation = useNavigation();
  const go = useRef(navigation);
  go.current = navigation;

  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    // One listener on the container: the links are the server's HTML, not React elements.
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!anchor || !container.contains(anchor)) return;
      const action = linkAction(anchor.getAttribute('href') ?? '');
      if (!action) return;
      event.preventDefault();
      go.current.navigate(action.to);
    };
    container.addEventListener('click', onClick);
    return () => container.removeEventListener('click', onClick);
  }, []);

  return (
    <div
      ref={ref}
      className={styles.content}
      // Safe: the API sends HTML sanitised with an allow-list (no scripts, styles or event attributes).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
