/*
 * The few line icons the calendar and 老黄历 pages draw, as small inline SVGs: antd-mobile-icons'
 * paths are several kilobytes each, and these pages are the first thing the app loads.
 */

interface IconProps {
  size?: number;
}

const common = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

const CHEVRONS = {
  left: 'M15 5l-7 7 7 7',
  right: 'M9 5l7 7-7 7',
  up: 'M5 15l7-7 7 7',
  down: 'M5 9l7 7 7-7',
} as const;

/** A chevron (month and day steps; up/down to fold and unfold). */
export function ChevronIcon({ direction, size = 20 }: IconProps & { direction: keyof typeof CHEVRONS }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" {...common}>
      <path d={CHEVRONS[direction]} />
    </svg>
  );
}

/** A small filled caret under a tappable title, saying "tap to choose". */
export function CaretIcon({ size = 12 }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 12 12" aria-hidden="true">
      <path d="M2 4h8L6 9z" fill="currentColor" />
    </svg>
  );
}

/** A desk calendar (the date-query button). */
export function CalendarIcon({ size = 18 }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" {...common}>
      <rect x="3.5" y="5" width="17" height="15.5" rx="2.5" />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
    </svg>
  );
}

/** Three sliders (calendar settings). */
export function SettingsIcon({ size = 22 }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" {...common}>
      <path d="M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1" />
      <circle cx="15" cy="6" r="2" />
      <circle cx="9" cy="12" r="2" />
      <circle cx="17" cy="18" r="2" />
    </svg>
  );
}
