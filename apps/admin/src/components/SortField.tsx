/**
 * 排序: where a record stands among the others (products and SKUs, articles within a label, masters),
 * lower numbers first.
 */
import { ProFormDigit, type ProFormDigitProps } from '@ant-design/pro-components';

/** The catalogue's bound of 排序, as the server checks a product's or a SKU's. */
const CATALOGUE_SORT_LIMIT = 10_000;

/**
 * The 排序 field, a whole number from −`limit` to `limit` (the catalogue's bound unless given);
 * `tooltip` says what it orders against.
 */
export function SortField({
  tooltip,
  limit = CATALOGUE_SORT_LIMIT,
  width,
}: {
  tooltip?: string;
  limit?: number;
  width?: ProFormDigitProps['width'];
}) {
  return (
    <ProFormDigit
      name="sort"
      label="排序"
      width={width}
      min={-limit}
      max={limit}
      fieldProps={{ precision: 0 }}
      tooltip={tooltip}
    />
  );
}
