import styles from './CategoryChips.module.css';

/** A category as the chips need it. */
export interface Chip {
  id: number;
  name: string;
}

/** Props of {@link CategoryChips}. */
export interface CategoryChipsProps {
  /** The row's name for screen readers: 商品分类, 课程分类. */
  label: string;
  categories: readonly Chip[];
  /** The chosen category, or null for 全部. */
  selected: number | null;
  onSelect: (categoryId: number | null) => void;
}

/**
 * A list's category filter: 全部 first, then the categories in their order, in one row that scrolls
 * sideways when it is wider than the phone. The chosen one is pressed.
 */
export function CategoryChips({ label, categories, selected, onSelect }: CategoryChipsProps) {
  const entries: { id: number | null; name: string }[] = [{ id: null, name: '全部' }, ...categories];
  return (
    <nav className={styles.bar} aria-label={label}>
      <ul className={styles.row}>
        {entries.map((entry) => (
          <li key={entry.id ?? 'all'}>
            <button
              type="button"
              className={`${styles.chip} ${entry.id === selected ? styles.active : ''}`}
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
