import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { type PathName, tabs } from '@/config/paths';
import { tabBar } from '@/config/theme';
import { CalendarTabIcon, ShopBagIcon, StarIcon, TaijiIcon, UserIcon, VideoIcon } from './icons';
import styles from './TabBar.module.css';

const icons: Partial<Record<PathName, ReactNode>> = {
  calendar: <CalendarTabIcon />,
  suan: <TaijiIcon />,
  dingzhi: <StarIcon />,
  ketang: <VideoIcon />,
  shop: <ShopBagIcon />,
  user: <UserIcon />,
};

/**
 * The bottom tab bar of PRODUCT.md#screens: six tabs, 50 px high plus the bottom safe-area inset, 24 px
 * icons, 10 px labels (58, 28 and 13 px in 长辈模式: the --xl-tabbar-* tokens), #999999 and #aa0000 when
 * selected. Tabs are links (switching replaces the history entry, like a native tab switch). The bar is
 * fixed; `TabLayout` leaves room for it.
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
            {/* 24 px through the --xl-tabbar-icon token, so 长辈模式 can enlarge it. */}
            <span className={styles.icon}>{icons[tab.name]}</span>
            {/* The label's size is the --xl-tabbar-font token (10 px; larger in 长辈模式). */}
            <span className={styles.label}>{tab.label}</span>
          </Link>
        );
      })}
    </nav>
  );
}
