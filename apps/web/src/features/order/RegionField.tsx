import { useState } from 'react';
import { CascadePicker } from '@/lib/antd-mobile';
import styles from './RegionField.module.css';
import { type Region, type RegionOption, regionOfValue, regionText } from './regions';

/** The region choices once loaded; shared by every picker of the page's lifetime. */
let loaded: Promise<RegionOption[]> | null = null;

/** Loads the 省/市/区 data (its own chunk, region-data.ts) the first time a picker opens. */
function loadRegions(): Promise<RegionOption[]> {
  loaded ??= import('./region-data').then((module) => module.REGION_OPTIONS);
  // A failed download may succeed next time the picker opens.
  loaded.catch(() => {
    loaded = null;
  });
  return loaded;
}

/** Props of {@link RegionField}; `value`, `onChange` and `id` come from antd-mobile's Form.Item. */
export interface RegionFieldProps {
  value?: Region | null;
  onChange?: (region: Region) => void;
  id?: string;
}

/**
 * 所在地区: a button showing the chosen 省 市 区 that opens a three-column cascade picker. The region
 * data (≈15 KB gzip) is fetched only when the picker first opens.
 */
export function RegionField({ value, onChange, id }: RegionFieldProps) {
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<RegionOption[] | null>(null);
  const [failed, setFailed] = useState(false);

  function show() {
    setOpen(true);
    setFailed(false);
    loadRegions().then(setOptions, () => setFailed(true));
  }

  return (
    <>
      <button type="button" id={id} className={styles.field} onClick={show}>
        {value ? (
          <span className={styles.value}>{regionText(value)}</span>
        ) : (
          <span className={styles.placeholder}>请选择省 / 市 / 区</span>
        )}
        <span className={styles.chevron} aria-hidden="true">
          ›
        </span>
      </button>
      {failed ? (
        <p className={styles.failed} role="alert">
          地区数据加载失败，请检查网络后重试
        </p>
      ) : null}
      <CascadePicker
        className={styles.picker}
        title="所在地区"
        options={options ?? []}
        loading={options === null && !failed}
        visible={open}
        value={value ? [value.province, value.city, value.district] : []}
        onClose={() => setOpen(false)}
        onConfirm={(picked) => {
          const region = regionOfValue(picked.map((item) => (item === null ? null : String(item))));
          if (region) onChange?.(region);
        }}
      />
    </>
  );
}
