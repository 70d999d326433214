import styles from './slide.module.css';

/** The slide-in class for a step: 1 = came from the right (next), -1 = from the left (previous), 0 = none. */
export function slideClass(direction: -1 | 0 | 1): string {
  return direction === 1 ? styles.fromRight : direction === -1 ? styles.fromLeft : '';
}
