import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CompactTable } from './CompactTable';

const COLUMNS = [{ title: '名称', dataIndex: 'name' }];

describe('CompactTable', () => {
  it('shows every row on one page', () => {
    const rows = Array.from({ length: 15 }, (_, index) => ({ id: index, name: `第 ${index + 1} 项` }));
    render(<CompactTable rowKey="id" columns={COLUMNS} dataSource={rows} />);
    expect(screen.getByText('第 15 项')).toBeTruthy();
    expect(document.querySelector('.ant-pagination')).toBeNull();
  });

  it('says its own words when there are no rows', () => {
    render(
      <CompactTable<{ id: number }> rowKey="id" columns={COLUMNS} dataSource={[]} emptyText="没有订单" />,
    );
    expect(screen.getByText('没有订单')).toBeTruthy();
  });
});
