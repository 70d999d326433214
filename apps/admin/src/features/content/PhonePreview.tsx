/**
 * 手机预览: the article as the app will show it — the body HTML sanitised by the server exactly as
 * saving would (`POST admin/articles/preview`), in a 375 px phone frame with the app's article look.
 * The preview follows the editor a moment after typing stops.
 */
import { Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { previewArticleHtml } from '@/api/content';
import styles from './phone-preview.module.css';

/** How long the editor must be still before the preview is refreshed. */
const PREVIEW_DELAY_MS = 400;

/** The phone frame with the article's title and sanitised body. */
export function PhonePreview({ title, html }: { title: string; html: string }): ReactNode {
  const [shown, setShown] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      previewArticleHtml(html)
        .then((answer) => {
          if (!current) return;
          setShown(answer.html);
          setFailed(false);
        })
        .catch(() => {
          if (current) setFailed(true);
        });
    }, PREVIEW_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [html]);

  return (
    <section aria-label="手机预览">
      <Typography.Text type="secondary">手机预览（375 px 宽，与 App 文章页同样的字号与样式）</Typography.Text>
      <div className={styles.phone} style={{ marginTop: 8 }}>
        <div className={styles.header}>{title.trim() || '文章'}</div>
        <div className={styles.body}>
          <article className={styles.card}>
            {failed ? (
              <p className={styles.empty}>预览暂时无法生成，请稍后再试。</p>
            ) : shown === null ? (
              <p className={styles.empty}>正在生成预览…</p>
            ) : shown === '' ? (
              <p className={styles.empty}>正文还是空的。</p>
            ) : (
              <div
                className={styles.content}
                data-testid="phone-preview-body"
                // Safe: the server's allow-list sanitised this HTML (no scripts, styles or event attributes).
                dangerouslySetInnerHTML={{ __html: shown }}
              />
            )}
          </article>
        </div>
      </div>
    </section>
  );
}
