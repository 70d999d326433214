/**
 * The console's list of records (users, courses, products, orders, articles…): a ProTable that looks
 * and pages the same on every page and shows a failed load as an error message, so an operator
 * learns one list and its controls once.
 */
import { type ParamsType, type ProColumns, ProTable, type ProTableProps } from '@ant-design/pro-components';
import { ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZE_MAX } from '@xuanli/contracts/admin-labels';
import { formatDateTime } from '@/lib/dates';
import { useFeedback } from '@/lib/feedback';

/** The pages of a list: as many rows as the API answers a page with, or up to its largest page. */
const LIST_PAGINATION = {
  defaultPageSize: ADMIN_PAGE_SIZE,
  pageSizeOptions: [10, 20, 50, ADMIN_PAGE_SIZE_MAX],
};

/** A list's toolbar keeps only 刷新: the rows' density and the columns are the same for everyone. */
const LIST_OPTIONS = { density: false, setting: false, reload: true };

/** The search form's labels take the width of the longest one, so short labels leave no gap. */
const LIST_SEARCH = { labelWidth: 'auto' } as const;

/** The search form of a list that is searched more than browsed: every field shown from the start. */
const OPEN_LIST_SEARCH = { ...LIST_SEARCH, defaultCollapsed: false };

/** What a list's `load` answers: its rows, and how many match in all when they are one page of them. */
export interface ListRows<Row> {
  list: Row[];
  /** All the rows that match; a list loaded whole counts itself. */
  total?: number;
}

/** The search form's values and the page asked for, as ProTable hands them to a list's `load`. */
export type ListParams<Search> = Search & { pageSize?: number; current?: number; keyword?: string };

/** How ProTable hands the columns' sort to a list's `load`: by column, ascending or descending. */
type ListSort = Parameters<NonNullable<ProTableProps<Record<string, unknown>, ParamsType>['request']>>[1];

/**
 * A list of `Row`s searched by the form of `Search`: `load` fetches the rows for the search form, the
 * page and the column sort; a failure shows its message and leaves the list empty. The pages are the
 * console's own unless `pagination` says otherwise; the search form is folded to its first row unless
 * `searchOpen` (or `search` says otherwise).
 */
export function ListTable<Row extends Record<string, unknown>, Search extends ParamsType = ParamsType>({
  load,
  pagination = LIST_PAGINATION,
  searchOpen = false,
  search = searchOpen ? OPEN_LIST_SEARCH : LIST_SEARCH,
  ...props
}: Omit<ProTableProps<Row, Search>, 'request' | 'options'> & {
  load: (params: ListParams<Search>, sort: ListSort) => Promise<ListRows<Row>>;
  /** Every field of the search form shown from the start, for lists searched more than browsed. */
  searchOpen?: boolean;
}) {
  const { showError } = useFeedback();
  return (
    <ProTable<Row, Search>
      {...props}
      pagination={pagination}
      search={search}
      options={LIST_OPTIONS}
      request={async (params, sort) => {
        try {
          const { list, total } = await load(params, sort);
          return { data: list, total: total ?? list.length, success: true };
        } catch (error) {
          showError(error);
          return { data: [], total: 0, success: false };
        }
      }}
    />
  );
}

/**
 * A text box of the search form with no column of its own (the words are looked for in several
 * columns, or in one the table shows otherwise); it can be cleared with one click.
 */
export function searchField<Row>(dataIndex: string, title: string, placeholder: string): ProColumns<Row> {
  return { title, dataIndex, hideInTable: true, fieldProps: { placeholder, allowClear: true } };
}

/** The 更新时间 column of rows that say when they last changed, in Beijing time; `options` adds to it. */
export function updatedAtColumn<Row extends { updatedAt: string }>(
  options: ProColumns<Row> = {},
): ProColumns<Row> {
  return {
    title: '更新时间',
    dataIndex: 'updatedAt',
    search: false,
    width: 170,
    render: (_, row) => formatDateTime(row.updatedAt),
    ...options,
  };
}

/** The 操作 column, `width` wide (or as wide as it needs): what `render` offers for a row, its buttons and links. */
export function actionsColumn<Row>(
  width: number | undefined,
  render: ProColumns<Row>['render'],
): ProColumns<Row> {
  return { title: '操作', valueType: 'option', width, render };
}
