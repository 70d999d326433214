import { useState } from 'react';
import { PageHeader } from '@/components/PageHeader';
import { Segmented } from '@/components/Segmented';
import { Switch } from '@/lib/antd-mobile';
import {
  type Appearance,
  readAppearance,
  readElderMode,
  readThemeColor,
  setAppearance,
  setElderMode,
  setThemeColor,
} from '@/lib/theme';
import styles from './ThemePage.module.css';
import { THEME_PRESETS } from './theme-presets';

const APPEARANCES: readonly (readonly [Appearance, string])[] = [
  ['light', '浅色'],
  ['dark', '深色'],
  ['system', '跟随系统'],
];

/**
 * pages/user/theme (主题设置): the theme colour (default #672f0d, PRODUCT.md#appearance), applied to headers
 * and buttons at once; light, dark or the phone's setting (dark is off by default); and
 * 长辈模式 — larger text, tab labels and tap targets after MIIT 《互联网网站适老化通用设计规范》. Every
 * choice is saved on the phone and takes effect immediately.
 */
export default function ThemePage() {
  const [color, setColor] = useState(readThemeColor);
  const [appearance, setAppearanceState] = useState(readAppearance);
  const [elder, setElder] = useState(readElderMode);

  return (
    <div className={styles.page}>
      <PageHeader back />

      <section className={styles.section} aria-labelledby="theme-color">
        <h2 id="theme-color" className={styles.title}>
          主题颜色
        </h2>
        <div className={styles.swatches} role="radiogroup" aria-label="主题颜色">
          {THEME_PRESETS.map((preset) => (
            <label key={preset.color} className={styles.swatch}>
              <input
                type="radio"
                name="theme-color"
                className={styles.srOnly}
                value={preset.color}
                checked={color.toLowerCase() === preset.color}
                onChange={() => {
                  setThemeColor(preset.color);
                  setColor(preset.color);
                }}
              />
              <span className={styles.chip} style={{ background: preset.color }} aria-hidden="true" />
              <span className={styles.name}>{preset.name}</span>
            </label>
          ))}
        </div>
        <div className={styles.preview}>
          <span className={styles.previewText}>页头和按钮会立即换成所选颜色</span>
          <span className={styles.previewButton} aria-hidden="true">
            按钮示例
          </span>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="theme-appearance">
        <h2 id="theme-appearance" className={styles.title}>
          外观
        </h2>
        <Segmented
          name="appearance"
          label="外观"
          choices={APPEARANCES}
          value={appearance}
          onChange={(value) => {
            setAppearance(value);
            setAppearanceState(value);
          }}
        />
        <p className={styles.hint}>跟随系统：手机开启深色模式时，玄历也显示深色。</p>
      </section>

      <section className={styles.section} aria-labelledby="theme-elder">
        <div className={styles.row}>
          <div>
            <h2 id="theme-elder" className={styles.title}>
              长辈模式
            </h2>
            <p className={styles.hint}>字号加大约两成，底部标签和按钮也更大，更容易看清、点准。</p>
          </div>
          <Switch
            className={styles.switch}
            aria-label="长辈模式"
            checked={elder}
            onChange={(on) => {
              setElderMode(on);
              setElder(on);
            }}
          />
        </div>
      </section>
    </div>
  );
}
