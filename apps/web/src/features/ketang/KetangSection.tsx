import type { ReactNode } from 'react';
import layout from './KetangLayout.module.css';

/** Props of {@link KetangSection}. */
export interface KetangSectionProps {
  /** The heading's id, which names the section. */
  id: string;
  title: ReactNode;
  /** What sits at the heading's right: a count, 查看全部, 写评价. */
  aside?: ReactNode;
  children: ReactNode;
}

/**
 * A section of the classroom pages (课程目录, 课程介绍, 学员评价, 名师, the course rows of the tab):
 * the heading with what sits at its right, named by that heading, so every section of the 课堂 reads and
 * is announced alike.
 */
export function KetangSection({ id, title, aside, children }: KetangSectionProps) {
  return (
    <section className={layout.section} aria-labelledby={id}>
      <div className={layout.sectionHead}>
        <h2 id={id} className={layout.sectionTitle}>
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}
