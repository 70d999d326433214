/**
 * 修改库存: the pieces of a SKU for sale from now on (pieces held by unpaid orders are not in it),
 * with an optional note such as 到货 20 件, kept in the audit log.
 */
import { ModalForm, ProFormDigit, ProFormText } from '@ant-design/pro-components';
import { ADMIN_REASON_MAX } from '@xuanli/contracts/admin-labels';
import type { AdminProductDetail, AdminSku } from '@xuanli/contracts/admin-shop';
import { SKU_STOCK_MAX } from '@xuanli/contracts/admin-shop-labels';
import { Typography } from 'antd';
import { setStock } from '@/api/catalogue';
import { problemRule } from '@/lib/form-rules';
import { useProductSave } from './use-product-save';

/** The message for `value` as a stock, or null when it is acceptable. */
export function stockProblem(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return '请输入库存';
  const stock = Number(value);
  if (!Number.isInteger(stock) || stock < 0 || stock > SKU_STOCK_MAX)
    return `库存须为 0 到 ${SKU_STOCK_MAX} 之间的整数`;
  return null;
}

/**
 * The 库存 field, in whole pieces: the stock dialog's, and a new SKU's first stock (`width` "sm" in
 * the SKU dialog, beside its prices).
 */
export function StockField({ width }: { width?: 'sm' }) {
  return (
    <ProFormDigit
      name="stock"
      label="库存"
      required
      width={width}
      min={0}
      fieldProps={{ precision: 0, addonAfter: '件' }}
      rules={[problemRule(stockProblem)]}
    />
  );
}

/** The stock dialog of `sku`. */
export function StockForm({
  sku,
  open,
  onOpenChange,
  onSaved,
}: {
  sku: AdminSku;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (product: AdminProductDetail) => void;
}) {
  const { guard, save } = useProductSave(open, onSaved);
  return (
    <ModalForm<{ stock: number; reason?: string }>
      title="修改库存"
      open={open}
      onOpenChange={guard.guardOpenChange(onOpenChange)}
      onInit={guard.watchForm}
      width={440}
      modalProps={{ destroyOnHidden: true, maskClosable: false }}
      initialValues={{ stock: sku.stock }}
      submitter={{ searchConfig: { submitText: '保存库存', resetText: '取消' } }}
      onFinish={(values) =>
        save(
          () => setStock(sku.id, { stock: Number(values.stock), reason: values.reason?.trim() || undefined }),
          `「${sku.title}」库存已改为 ${values.stock}`,
        )
      }
    >
      <Typography.Paragraph type="secondary">
        规格「{sku.title}」当前可售 {sku.stock} 件；待支付订单占用的件数不在其中。
      </Typography.Paragraph>
      <StockField />
      <ProFormText
        name="reason"
        label="备注"
        placeholder="例如：到货 20 件"
        fieldProps={{ maxLength: ADMIN_REASON_MAX }}
      />
    </ModalForm>
  );
}
