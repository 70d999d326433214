/**
 * 规格与库存 of a product, in a drawer: its SKUs with price and stock, and the dialogs that add or
 * edit a SKU and set its stock.
 */
import type { AdminProductDetail, AdminSku } from '@xuanli/contracts/admin-shop';
import { Button, Drawer, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { getProduct } from '@/api/catalogue';
import { CompactTable } from '@/components/CompactTable';
import { DrawerLoadState } from '@/components/DrawerParts';
import { errorText } from '@/lib/feedback';
import { formatYuan } from '@/lib/money';
import { SkuForm } from './SkuForm';
import { StockForm } from './StockForm';

/** The drawer of product `productId` (closed when null). */
export function SkuDrawer({
  productId,
  onClose,
  onChanged,
}: {
  productId: number | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const [product, setProduct] = useState<AdminProductDetail | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The SKU dialog: closed (undefined), new (null) or a SKU; the stock dialog: a SKU or null.
  const [editing, setEditing] = useState<AdminSku | null | undefined>(undefined);
  const [stocking, setStocking] = useState<AdminSku | null>(null);

  useEffect(() => {
    setProduct(null);
    setFailure(null);
    if (productId === null) return;
    getProduct(productId)
      .then(setProduct)
      .catch((error: unknown) => setFailure(errorText(error)));
  }, [productId]);

  const saved = (after: AdminProductDetail) => {
    setProduct(after);
    onChanged();
  };

  const columns = [
    { title: '规格', dataIndex: 'title' },
    {
      title: '规格项',
      key: 'spec',
      render: (_: unknown, sku: AdminSku) =>
        Object.entries(sku.spec)
          .map(([name, value]) => `${name}：${value}`)
          .join('，') || '—',
    },
    { title: '价格', dataIndex: 'price', render: formatYuan },
    {
      title: '会员价',
      dataIndex: 'vipPrice',
      render: (vipPrice: number | null) => (vipPrice === null ? '—' : formatYuan(vipPrice)),
    },
    { title: '库存', dataIndex: 'stock' },
    {
      title: '操作',
      key: 'actions',
      render: (_: unknown, sku: AdminSku) => (
        <Space>
          <Button type="link" size="small" onClick={() => setEditing(sku)}>
            编辑
          </Button>
          <Button type="link" size="small" onClick={() => setStocking(sku)}>
            改库存
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Drawer
      title={product ? `规格与库存：${product.title}` : '规格与库存'}
      open={productId !== null}
      onClose={onClose}
      width={820}
      destroyOnHidden
      extra={
        product ? (
          <Button type="primary" onClick={() => setEditing(null)}>
            新增规格
          </Button>
        ) : null
      }
    >
      <DrawerLoadState failure={failure} loaded={product !== null} />
      {product ? (
        <>
          <Typography.Paragraph type="secondary">
            {product.onShelf ? '已上架：改动即时在商城显示。' : '未上架：至少添加一个规格后才能上架。'}
          </Typography.Paragraph>
          <CompactTable<AdminSku>
            rowKey="id"
            columns={columns}
            dataSource={product.skus}
            emptyText="还没有规格"
          />
          {editing !== undefined ? (
            <SkuForm
              productId={product.id}
              sku={editing}
              nextSort={product.skus.length}
              open
              onOpenChange={(open) => {
                if (!open) setEditing(undefined);
              }}
              onSaved={saved}
            />
          ) : null}
          {stocking ? (
            <StockForm
              sku={stocking}
              open
              onOpenChange={(open) => {
                if (!open) setStocking(null);
              }}
              onSaved={saved}
            />
          ) : null}
        </>
      ) : null}
    </Drawer>
  );
}
