import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { WUXING } from './elements';
import styles from './ShareOverlay.module.css';
import type { DrawnFacts } from './share-image';

interface ShareOverlayProps {
  url: string;
  fileName: string;
  /** What the picture states (its 五行 percentages, its 大运 caption), carried on the <img> for checks. */
  facts?: DrawnFacts;
  onClose: () => void;
}

/**
 * The chart image full-screen with "长按图片保存": in WeChat a long press on an <img> offers 保存图片 /
 * 发送给朋友, which is how images leave its browser; elsewhere the download link saves the PNG. The
 * picture scrolls in the middle while 下载图片 and 关闭 stay on screen at the bottom, on the smallest
 * phones too.
 */
export function ShareOverlay({ url, fileName, facts, onClose }: ShareOverlayProps) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return createPortal(
    <div className={styles.overlay} role="dialog" aria-modal="true" aria-label="分享图片">
      <p className={styles.tip}>长按图片保存，或发送给朋友</p>
      <div className={styles.scroller}>
        <img
          className={styles.image}
          src={url}
          alt="八字排盘图片"
          data-percents={facts ? WUXING.map((w) => `${w}${facts.percents[w]}`).join(',') : undefined}
          data-luck-lines={facts ? facts.luckLines.join('\n') : undefined}
        />
      </div>
      <div className={styles.actions}>
        <a className={styles.download} href={url} download={fileName}>
          下载图片
        </a>
        <button ref={closeRef} type="button" className={styles.close} onClick={onClose}>
          关闭
        </button>
      </div>
    </div>,
    document.body,
  );
}
