import { CalendarOutline, ShopbagOutline, StarOutline, UserOutline, VideoOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { type PathName, tabs } from '@/config/paths';
import { tabBar } from '@/config/theme';
import styles from './TabBar.module.css';

/** A 太极 mark for the chart tab; antd-mobile-icons has nothing that reads as 八字排盘. */
function TaijiIcon() {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true">
      <circle cx="12" cy="12" r="9.6" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path fill="currentColor" d="M12 2.4a9.6 9.6 0 0 1 0 19.2 4.8 4.8 0 0 1 0-9.6 4.8 4.8 0 0 0 0-9.6Z" />
      <circle cx="12" cy="7.2" r="1.4" fill="currentColor" />
      <circle cx="12" cy="16.8" r="1.4" fill="var(--xl-tabbar-bg, #fff)" />
    </svg>
  );
}

const icons: Partial<Record<PathName, ReactNode>> = {
  calendar: <CalendarOutline />,
  suan: <TaijiIcon />,
  dingzhi: <StarOutline />,
  ketang: <VideoOutline />,
  shop: <ShopbagOutline />,
  user: <UserOutline />,
};

/**
 * The bottom tab bar of SPEC §2: six tabs, 50 px high plus the bottom safe-area inset, 24 px icons,
 * 10 px labels, #999999 and #aa0000 when selected. Tabs are links (switching replaces the history
 * entry, like a native tab switch). The bar is fixed; `TabLayout` leaves room for it.
 */
export function TabBar() {
  const { pathname } = useLocation();
  return (
    <nav className={styles.bar} aria-label="主导航">
      {tabs.map((tab) => {
        const isSelected = pathname === tab.path;
        return (
          <Link
            key={tab.path}
            to={tab.path}
            replace
            className={styles.tab}
            aria-current={isSelected ? 'page' : undefined}
            style={{ color: isSelected ? tabBar.selectedColor : tabBar.color }}
          >
            <span className={styles.icon} style={{ fontSize: tabBar.iconSize }}>
              {icons[tab.name]}
            </span>
            <span className={styles.label} style={{ fontSize: tabBar.fontSize }}>
              {tab.label}
            </span>
          </Link>
        );
      })}
    </nav>
  );
}
