import { type FormEvent, useEffect, useState } from 'react';
import styles from './SearchField.module.css';

/** Props of {@link SearchField}. */
export interface SearchFieldProps {
  /** What is searched, as the placeholder and the field's name say it: 搜索课程, 搜索商品. */
  label: string;
  /** The longest search the list's query takes. */
  maxLength: number;
  /** The search being shown (from the address). */
  value: string;
  onSearch: (words: string) => void;
}

/**
 * A list's search bar (the classroom's search dialog for the courses, PRODUCT.md#screens): the words are
 * looked for on the keyboard's confirm (Enter / 搜索) and on the 搜索 button. × empties the field and, when a
 * search was shown, shows the whole list again.
 */
export function SearchField({ label, maxLength, value, onSearch }: SearchFieldProps) {
  const [draft, setDraft] = useState(value);
  // Another search from the address (back, a suggested word) replaces what was typed.
  useEffect(() => setDraft(value), [value]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: the older WebViews our readers use (WeChat's, iOS before 17) do not know <search>.
    <form className={styles.search} role="search" onSubmit={submit}>
      <input
        className={styles.input}
        type="search"
        enterKeyHint="search"
        aria-label={label}
        placeholder={label}
        maxLength={maxLength}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
      />
      {draft ? (
        <button
          type="button"
          className={styles.clear}
          aria-label="清空搜索"
          onClick={() => {
            setDraft('');
            if (value) onSearch('');
          }}
        >
          ×
        </button>
      ) : null}
      <button type="submit" className={styles.submit}>
        搜索
      </button>
    </form>
  );
}
