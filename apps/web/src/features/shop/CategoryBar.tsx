import type { Category } from '@xuanli/contracts/shop';
import styles from './CategoryBar.module.css';

/** Props of {@link CategoryBar}. */
export interface CategoryBarProps {
  categories: readonly Category[];
  /** The chosen category, or null for 全部. */
  selected: number | null;
  onSelect: (categoryId: number | null) => void;
}

/**
 * The category capsules above the grid: 全部 first, then the catalogue's categories in its order,
 * in one row that scrolls sideways when it is wider than the phone. The chosen one is pressed.
 */
export function CategoryBar({ categories, selected, onSelect }: CategoryBarProps) {
  const entries: { id: number | null; name: string }[] = [{ id: null, name: '全部' }, ...categories];
  return (
    <nav className={styles.bar} aria-label="商品分类">
      <ul className={styles.row}>
        {entries.map((entry) => (
          <li key={entry.id ?? 'all'}>
            <button
              type="button"
              className={`${styles.capsule} ${entry.id === selected ? styles.active : ''}`}
              aria-pressed={entry.id === selected}
              onClick={() => onSelect(entry.id)}
            >
              {entry.name}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
