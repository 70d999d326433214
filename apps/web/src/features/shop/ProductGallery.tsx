import { useState } from 'react';
import { FallbackImage } from '@/components/FallbackImage';
import { ImageViewer, Swiper } from '@/lib/antd-mobile';
import styles from './ProductGallery.module.css';

/**
 * The product's pictures, cover first, one square page each: swipe between them (the corner says
 * which one of how many), tap one to see it full screen, zoomable, from that picture on.
 */
export function ProductGallery({ images, title }: { images: readonly string[]; title: string }) {
  const [index, setIndex] = useState(0);
  const list = images.length > 0 ? [...images] : [''];
  const open = (at: number) => {
    const shown = list.filter(Boolean);
    if (shown.length > 0)
      ImageViewer.Multi.show({ images: shown, defaultIndex: Math.min(at, shown.length - 1) });
  };
  return (
    <section className={styles.gallery} aria-label="商品图片">
      <Swiper
        className={styles.swiper}
        indicator={false}
        loop={list.length > 1}
        onIndexChange={setIndex}
        allowTouchMove={list.length > 1}
      >
        {list.map((src, i) => (
          <Swiper.Item key={`${i}-${src}`}>
            <button
              type="button"
              className={styles.slide}
              aria-label={`查看大图：第 ${i + 1} 张，共 ${list.length} 张`}
              onClick={() => open(i)}
            >
              <FallbackImage src={src} alt={i === 0 ? title : ''} className={styles.image} decoding="async" />
            </button>
          </Swiper.Item>
        ))}
      </Swiper>
      {list.length > 1 ? (
        <span className={styles.indicator} aria-hidden="true">
          {index + 1}/{list.length}
        </span>
      ) : null}
    </section>
  );
}
