/** 排序 of the catalogue: where a product or a SKU stands among the others. */
import { ProFormDigit } from '@ant-design/pro-components';

/** The 排序 field of a product or a SKU, a whole number from −10000 to 10000. */
export function SortField({ tooltip }: { tooltip?: string }) {
  return (
    <ProFormDigit
      name="sort"
      label="排序"
      width="xs"
      min={-10_000}
      max={10_000}
      fieldProps={{ precision: 0 }}
      tooltip={tooltip}
    />
  );
}
