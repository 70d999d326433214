/**
 * 商品: every product of the shop, on the shelf or not, found by name, category and shelf state;
 * created and edited in a drawer, its SKUs, prices and stock in another, and put on or off the shelf
 * from its row. Roles admin and editor (admin-labels.ts `ADMIN_AREA_ROLES.catalogue`).
 */
import { PlusOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import type {
  AdminCategoryList,
  AdminProductDetail,
  AdminProductSummary,
} from '@xuanli/contracts/admin-shop';
import { PRODUCT_KIND_LABELS } from '@xuanli/contracts/shop-labels';
import { Button, Image, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { getProduct, listCategories, listProducts, setShelf } from '@/api/catalogue';
import { ConfirmLink } from '@/components/ConfirmLink';
import { ListTable, searchField } from '@/components/ListTable';
import { PageFrame } from '@/components/PageFrame';
import { useFeedback } from '@/lib/feedback';
import { formatYuan } from '@/lib/money';
import { ProductForm } from './ProductForm';
import { SkuDrawer } from './SkuDrawer';

/** The search form's values (ProTable passes them with `current` and `pageSize`). */
interface ProductSearch {
  q?: string;
  categoryId?: number;
  shelf?: 'on' | 'off';
  current?: number;
  pageSize?: number;
}

/** The catalogue page. */
export function CataloguePage() {
  const { message, showError } = useFeedback();
  const table = useRef<ActionType>(undefined);
  const [categories, setCategories] = useState<AdminCategoryList['list']>([]);
  // The product drawer: closed (undefined), new (null) or a product being edited.
  const [editing, setEditing] = useState<AdminProductDetail | null | undefined>(undefined);
  const [skuProductId, setSkuProductId] = useState<number | null>(null);

  useEffect(() => {
    listCategories()
      .then((answer) => setCategories(answer.list))
      .catch(showError);
  }, [showError]);

  const reload = () => void table.current?.reload();

  const edit = async (id: number) => {
    try {
      setEditing(await getProduct(id));
    } catch (error) {
      showError(error);
    }
  };

  const shelve = async (product: AdminProductSummary, onShelf: boolean) => {
    try {
      await setShelf(product.id, onShelf);
      void message.success(`「${product.title}」已${onShelf ? '上架' : '下架'}`);
      reload();
    } catch (error) {
      showError(error, { Conflict: '商品还没有规格，不能上架' });
    }
  };

  const columns: ProColumns<AdminProductSummary>[] = [
    searchField('q', '商品名称', '商品名称中的字词'),
    {
      title: '封面',
      dataIndex: 'cover',
      search: false,
      width: 72,
      render: (_, product) => <Image src={product.cover} alt={product.title} width={48} height={48} />,
    },
    {
      title: '商品',
      dataIndex: 'title',
      search: false,
      render: (_, product) => (
        <>
          {product.title}
          {product.subtitle ? <div style={{ color: '#888' }}>{product.subtitle}</div> : null}
        </>
      ),
    },
    {
      title: '分类',
      dataIndex: 'categoryId',
      valueType: 'select',
      fieldProps: { options: categories.map((category) => ({ label: category.name, value: category.id })) },
      render: (_, product) => product.categoryName,
    },
    {
      title: '类型',
      dataIndex: 'kind',
      search: false,
      width: 70,
      render: (_, product) => PRODUCT_KIND_LABELS[product.kind],
    },
    {
      title: '价格',
      dataIndex: 'lowestPrice',
      search: false,
      render: (_, product) => (product.skuCount ? `${formatYuan(product.lowestPrice)} 起` : '—'),
    },
    { title: '规格数', dataIndex: 'skuCount', search: false, width: 80 },
    { title: '库存', dataIndex: 'stock', search: false, width: 80 },
    { title: '销量', dataIndex: 'sales', search: false, width: 80 },
    {
      title: '上架状态',
      dataIndex: 'shelf',
      valueType: 'select',
      valueEnum: { on: { text: '已上架' }, off: { text: '未上架' } },
      render: (_, product) => (product.onShelf ? <Tag color="green">已上架</Tag> : <Tag>未上架</Tag>),
    },
    {
      title: '操作',
      valueType: 'option',
      width: 220,
      render: (_, product) => [
        <Button key="edit" type="link" size="small" onClick={() => void edit(product.id)}>
          编辑
        </Button>,
        <Button key="skus" type="link" size="small" onClick={() => setSkuProductId(product.id)}>
          规格与库存
        </Button>,
        product.onShelf ? (
          <ConfirmLink
            key="off"
            action="下架"
            title={`下架「${product.title}」？`}
            description="下架后商城不再展示，已下的订单不受影响。"
            onConfirm={() => shelve(product, false)}
          />
        ) : (
          <Button key="on" type="link" size="small" onClick={() => void shelve(product, true)}>
            上架
          </Button>
        ),
      ],
    },
  ];

  return (
    <PageFrame page="catalogue" intro="商品、规格、价格与库存；上架后商城即时可见">
      <ListTable<AdminProductSummary, ProductSearch>
        rowKey="id"
        actionRef={table}
        columns={columns}
        headerTitle="商品列表"
        searchOpen
        toolBarRender={() => [
          <Button key="new" type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            新建商品
          </Button>,
        ]}
        load={(params) =>
          listProducts({
            q: params.q?.trim() || undefined,
            categoryId: params.categoryId ? Number(params.categoryId) : undefined,
            onShelf: params.shelf === undefined ? undefined : params.shelf === 'on',
            page: params.current,
            size: params.pageSize,
          })
        }
      />

      {editing !== undefined ? (
        <ProductForm
          product={editing}
          categories={categories}
          open
          onOpenChange={(open) => {
            if (!open) setEditing(undefined);
          }}
          onSaved={(saved) => {
            reload();
            // A new product goes on to its SKUs: it cannot be sold without one.
            if (!editing) setSkuProductId(saved.id);
          }}
        />
      ) : null}

      <SkuDrawer productId={skuProductId} onClose={() => setSkuProductId(null)} onChanged={reload} />
    </PageFrame>
  );
}
