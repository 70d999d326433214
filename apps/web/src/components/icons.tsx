/*
 * The shell's line icons (tab bar and header back arrow) as small inline SVGs. antd-mobile-icons
 * draws each icon as a 48-unit filled outline of 1.5–2.5 KB; these strokes are a tenth of that, and
 * the shell ships with every page. Each icon is 1em square (the tab bar sets 24 px) and takes the
 * text colour, so the selected tab's #aa0000 colours it.
 */
import type { ReactNode } from 'react';

interface IconProps {
  /** Width and height; `1em` (the surrounding font size) by default. */
  size?: number | string;
}

/** An icon drawing `shapes` in the shell's line style. */
function lineIcon(shapes: ReactNode) {
  return function LineIcon({ size = '1em' }: IconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.6}
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {shapes}
      </svg>
    );
  };
}

/** 日历: a desk calendar. */
export const CalendarTabIcon = lineIcon(
  <>
    <rect x="3.2" y="4.8" width="17.6" height="16" rx="2.4" />
    <path d="M3.2 9.6h17.6M8 2.8v4M16 2.8v4M7.6 13.6h2M11 13.6h2M14.4 13.6h2M7.6 17h2M11 17h2" />
  </>,
);

/** 排盘: a 太极 mark (nothing in a stock icon set reads as 八字排盘). */
export const TaijiIcon = lineIcon(
  <>
    <circle cx="12" cy="12" r="9.6" />
    <path
      fill="currentColor"
      stroke="none"
      d="M12 2.4a9.6 9.6 0 0 1 0 19.2 4.8 4.8 0 0 1 0-9.6 4.8 4.8 0 0 0 0-9.6Z"
    />
    <circle cx="12" cy="7.2" r="1.4" fill="currentColor" stroke="none" />
    <circle cx="12" cy="16.8" r="1.4" fill="var(--xl-tabbar-bg, #fff)" stroke="none" />
  </>,
);

/** 定制: a star. */
export const StarIcon = lineIcon(
  <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3l-5.6 2.9 1.1-6.2L3 9.6l6.2-.9Z" />,
);

/** 课堂: a screen with a play mark. */
export const VideoIcon = lineIcon(
  <>
    <rect x="2.8" y="4.4" width="18.4" height="13.6" rx="2.4" />
    <path d="M10.4 8.6v5.2l4.4-2.6ZM8 21h8" />
  </>,
);

/** 商城: a shopping bag. */
export const ShopBagIcon = lineIcon(
  <>
    <path d="M4.6 7.6h14.8l-1 12a1.6 1.6 0 0 1-1.6 1.4H7.2a1.6 1.6 0 0 1-1.6-1.4Z" />
    <path d="M8.6 10V6.4a3.4 3.4 0 0 1 6.8 0V10" />
  </>,
);

/** 我的: a person. */
export const UserIcon = lineIcon(
  <>
    <circle cx="12" cy="8" r="4.4" />
    <path d="M3.8 21a8.2 8.2 0 0 1 16.4 0" />
  </>,
);

/** The header's back arrow: a chevron pointing left. */
export const BackIcon = lineIcon(<path d="M15 4.5 7.5 12l7.5 7.5" strokeWidth={2} />);
