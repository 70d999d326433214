/**
 * 新增规格 / 编辑规格: the SKU's name as the buyer sees it (e.g. 8mm / 108颗), its option values
 * (尺寸 = 8mm …, from which the app's picker is built), its own picture, the price and the 会员价 in
 * 元 (sent in 分; an empty 会员价 means VIPs pay the price) and, for a new SKU, its first stock — later
 * stock changes go through 修改库存.
 */
import {
  ModalForm,
  ProForm,
  ProFormDigit,
  ProFormGroup,
  ProFormList,
  ProFormText,
} from '@ant-design/pro-components';
import type { AdminProductDetail, AdminSku } from '@xuanli/contracts/admin-shop';
import { SKU_PRICE_MAX, SKU_TITLE_MAX } from '@xuanli/contracts/admin-shop-labels';
import { createSku, updateSku } from '@/api/catalogue';
import { ImageUpload } from '@/components/ImageUpload';
import { SortField } from '@/components/SortField';
import { problemRule } from '@/lib/form-rules';
import { StockField } from './StockForm';
import { useProductSave } from './use-product-save';
import { fenOf, priceProblem, vipPriceProblem } from './yuan';

interface SkuValues {
  title: string;
  spec?: { name: string; value: string }[];
  image?: string | null;
  price: number;
  vipPrice?: number | null;
  stock?: number;
  sort?: number;
}

/** The SKU dialog of product `productId`: `sku` null adds one. */
export function SkuForm({
  productId,
  sku,
  nextSort,
  open,
  onOpenChange,
  onSaved,
}: {
  productId: number;
  sku: AdminSku | null;
  /** The place of a new SKU: after the others. */
  nextSort: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (product: AdminProductDetail) => void;
}) {
  const { guard, save } = useProductSave(open, onSaved);
  const initial: Partial<SkuValues> = sku
    ? {
        title: sku.title,
        spec: Object.entries(sku.spec).map(([name, value]) => ({ name, value })),
        image: sku.image || null,
        price: sku.price / 100,
        vipPrice: sku.vipPrice === null ? null : sku.vipPrice / 100,
        sort: sku.sort,
      }
    : { spec: [], sort: nextSort };
  return (
    <ModalForm<SkuValues>
      title={sku ? '编辑规格' : '新增规格'}
      open={open}
      onOpenChange={guard.guardOpenChange(onOpenChange)}
      onInit={guard.watchForm}
      width={560}
      modalProps={{ destroyOnHidden: true, maskClosable: false }}
      initialValues={initial}
      submitter={{ searchConfig: { submitText: '保存规格', resetText: '取消' } }}
      onFinish={async (values) => {
        const body = {
          title: values.title.trim(),
          spec: Object.fromEntries(
            (values.spec ?? []).map((entry) => [entry.name.trim(), entry.value.trim()]),
          ),
          image: values.image ?? '',
          price: fenOf(Number(values.price)),
          vipPrice: isBlank(values.vipPrice) ? null : fenOf(Number(values.vipPrice)),
          sort: Number(values.sort ?? 0),
        };
        return save(
          () =>
            sku ? updateSku(sku.id, body) : createSku(productId, { ...body, stock: Number(values.stock) }),
          `规格「${body.title}」已保存`,
        );
      }}
    >
      <ProFormText
        name="title"
        label="规格名称"
        placeholder="例如：8mm / 108颗；只有一种时填“默认”"
        fieldProps={{ maxLength: SKU_TITLE_MAX }}
        rules={[{ required: true, whitespace: true, message: '请输入规格名称' }]}
      />
      <ProFormList
        name="spec"
        label="规格项"
        creatorButtonProps={{ creatorButtonText: '添加规格项' }}
        copyIconProps={false}
        tooltip="买家在商品页按这些选项挑选，例如 尺寸 = 8mm"
      >
        <ProFormGroup>
          <ProFormText
            name="name"
            placeholder="选项，如 尺寸"
            fieldProps={{ maxLength: 20 }}
            rules={[{ required: true, whitespace: true, message: '请输入选项' }]}
          />
          <ProFormText
            name="value"
            placeholder="值，如 8mm"
            fieldProps={{ maxLength: 40 }}
            rules={[{ required: true, whitespace: true, message: '请输入值' }]}
          />
        </ProFormGroup>
      </ProFormList>
      <ProFormDigit
        name="price"
        label="价格"
        required
        width="sm"
        fieldProps={{ precision: 2, addonAfter: '元' }}
        rules={[problemRule((value) => priceProblem(value, SKU_PRICE_MAX))]}
      />
      <ProFormDigit
        name="vipPrice"
        label="会员价"
        width="sm"
        tooltip="VIP 会员下单时按此价格结算；留空则会员也按原价购买"
        placeholder="留空：无会员价"
        dependencies={['price']}
        fieldProps={{ precision: 2, addonAfter: '元' }}
        rules={[
          ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) =>
            problemRule((value) => vipPriceProblem(value, getFieldValue('price'))),
        ]}
      />
      {sku ? null : <StockField width="sm" />}
      <SortField width="xs" />
      <ProForm.Item name="image" label="规格图片">
        <ImageUpload label="上传规格图片" />
      </ProForm.Item>
    </ModalForm>
  );
}

/** Whether a form's number field was left empty. */
function isBlank(value: unknown): value is null | undefined | '' {
  return value === undefined || value === null || value === '';
}
