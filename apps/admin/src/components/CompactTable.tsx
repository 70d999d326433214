/**
 * The short tables inside a drawer or a card (an order's lines and payments, a user's logins, this
 * month's top courses): small rows, all on one page, and their own words when there are none.
 */
import { Empty, Table, type TableProps } from 'antd';

/**
 * A small table of `dataSource`, whole on one page; `emptyText` is what it says when there are no
 * rows (antd's own words when it is not given), `scroll` bounds a long one.
 */
export function CompactTable<Row extends object>({
  rowKey,
  columns,
  dataSource,
  emptyText,
  scroll,
}: {
  rowKey: TableProps<Row>['rowKey'];
  columns: TableProps<Row>['columns'];
  dataSource: Row[];
  emptyText?: string;
  scroll?: TableProps<Row>['scroll'];
}) {
  return (
    <Table<Row>
      rowKey={rowKey}
      size="small"
      pagination={false}
      scroll={scroll}
      columns={columns}
      dataSource={dataSource}
      locale={emptyText === undefined ? undefined : { emptyText: <Empty description={emptyText} /> }}
    />
  );
}
