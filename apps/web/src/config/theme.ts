/**
 * UI constants of PRODUCT.md#constants and the visual tokens of the app, in one module. CSS reads the same
 * values as the custom properties declared in `src/app/global.css` (a test in src/lib/theme.test.ts keeps the
 * two equal) and the theme colour that src/lib/theme.ts sets; TypeScript code imports them from here.
 */

/** Default theme colour (PRODUCT.md#appearance). */
export const DEFAULT_THEME_COLOR = '#672f0d';

/** Local-storage key of the chosen theme colour. */
export const THEME_STORAGE_KEY = 'theme';

/** Local-storage key of the appearance: `light` (default, PRODUCT.md#appearance), `dark` or `system`. */
export const APPEARANCE_STORAGE_KEY = 'appearance';

/** Local-storage key of 长辈模式 (larger text and tap targets), `true` when on. */
export const ELDER_MODE_STORAGE_KEY = 'elder-mode';

/**
 * Colours of the light palette. Stylesheets read them as `--xl-paper`, `--xl-surface`, `--xl-text`,
 * `--xl-text-secondary`, `--xl-border` and `--xl-confirm`, declared in src/app/global.css beside the
 * dark palette (a test keeps both files equal).
 */
export const colors = {
  /** Warm paper background behind every page. */
  paper: '#f7f3ee',
  /** Card surface on the paper. */
  surface: '#fffdf9',
  text: '#1f1a17',
  textSecondary: '#6b6259',
  border: '#e8e0d6',
  /** Modal confirm button (PRODUCT.md#constants). */
  confirm: '#007aff',
} as const;

/** Bottom tab bar (PRODUCT.md#screens, #constants). */
export const tabBar = {
  height: 50,
  iconSize: 24,
  /** The only text below 12 px in the app: the tab labels (PRODUCT.md#screens). */
  fontSize: 10,
  color: '#999999',
  selectedColor: '#aa0000',
} as const;

/** Page header: 44 px plus the top safe-area inset (PRODUCT.md#constants allows 44 or 50). */
export const header = { height: 44 } as const;

/** Footer bars (e.g. a buy button) are 50 px high (PRODUCT.md#constants). */
export const footer = { height: 50 } as const;

/** Spacing scale in px (PRODUCT.md#constants: xs 4 to xl 32). */
export const spacing = { xs: 4, sm: 8, md: 12, lg: 16, xl: 32 } as const;

/** Type scale in px. Body is 16 px for an older audience; nothing but tab labels goes below 12 px. */
export const fontSize = { min: 12, small: 14, body: 16, title: 18, large: 20 } as const;

/** Smallest tap target edge in px (MIIT 适老化 and common mobile guidance). */
export const MIN_TAP_SIZE = 44;

/** Font stack: Noto Sans CJK SC (Android, Linux) then PingFang SC (iOS, macOS). */
export const FONT_FAMILY =
  "'Noto Sans CJK SC', 'Noto Sans SC', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', system-ui, sans-serif";

/** Toast: 1500 ms (PRODUCT.md#constants). */
export const toast = { duration: 1500 } as const;

/** Notify: top of the screen, 2500 ms (PRODUCT.md#constants). */
export const notify = { duration: 2500, position: 'top' } as const;

/** Modal buttons and the confirm colour (PRODUCT.md#constants). */
export const modal = { cancelText: '取消', confirmText: '确定', confirmColor: colors.confirm } as const;

/** Durations in ms (PRODUCT.md#constants). */
export const motion = {
  /** Dialog open and close transition. */
  transition: 300,
  /** Shake feedback on a wrong input. */
  shake: 150,
  /** Video controls hide after this long without interaction. */
  controlsAutoHide: 3000,
} as const;

/** Picker wheel: 5 visible rows of 40 px (PRODUCT.md#constants). */
export const picker = { visibleRows: 5, itemHeight: 40 } as const;

/** Lazy page loading (PRODUCT.md#screens): spinner after 200 ms, give up after 60 s. */
export const pageLoad = { spinnerDelay: 200, timeout: 60_000 } as const;
