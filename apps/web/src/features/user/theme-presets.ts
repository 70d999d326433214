/**
 * The theme colours offered on 主题设置 (default #672f0d, PRODUCT.md#appearance). Each is dark enough for
 * white header text (≥ 6:1) and, lightened for dark mode (global.css), readable as text on the dark
 * surface (≥ 4.5:1). Named after traditional pigments.
 */
import { DEFAULT_THEME_COLOR } from '@/config/theme';

/** One preset: its colour and its Chinese name. */
export interface ThemePreset {
  color: string;
  name: string;
}

/** The presets, the default first. */
export const THEME_PRESETS: readonly ThemePreset[] = [
  { color: DEFAULT_THEME_COLOR, name: '赭石' },
  { color: '#aa0000', name: '朱砂' },
  { color: '#1f4e79', name: '黛蓝' },
  { color: '#2e6b4f', name: '松绿' },
  { color: '#5b3a6b', name: '檀紫' },
  { color: '#3d4b5c', name: '玄青' },
];
