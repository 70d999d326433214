import styles from './LuckBadge.module.css';

/** A round 吉 or 凶 badge (day god, mansion, hours, 神煞 lines of the 老黄历). */
export function LuckBadge({ value, className = '' }: { value: '吉' | '凶'; className?: string }) {
  return (
    <span className={`${styles.luck} ${value === '吉' ? styles.good : styles.bad} ${className}`}>
      {value}
    </span>
  );
}
