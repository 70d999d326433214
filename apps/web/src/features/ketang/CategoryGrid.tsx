import type { CourseCategory } from '@xuanli/contracts/ketang';
import { Link } from 'react-router';
import { FallbackImage } from '@/components/FallbackImage';
import { paths } from '@/config/paths';
import styles from './CategoryGrid.module.css';

/**
 * The 课堂 tab's category tiles (八字, 风水, 六爻, 择日 …) with the number of courses in each; a tap
 * opens the course list of that category. A category without its own icon shows its first character.
 */
export function CategoryGrid({ categories }: { categories: readonly CourseCategory[] }) {
  return (
    <nav aria-label="课程分类">
      <ul className={styles.grid}>
        {categories.map((category) => (
          <li key={category.id} className={styles.item}>
            <Link
              className={styles.tile}
              to={paths.courseSearch.getHref({ category: category.id })}
              aria-label={`${category.name}，${category.courses} 门课程`}
            >
              {category.icon ? (
                <FallbackImage className={styles.icon} src={category.icon} alt="" />
              ) : (
                <span className={styles.glyph} aria-hidden="true">
                  {category.name.slice(0, 1)}
                </span>
              )}
              <span className={styles.name}>{category.name}</span>
              <span className={styles.count}>{category.courses} 门课</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
