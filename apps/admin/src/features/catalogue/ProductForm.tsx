/**
 * 新建商品 / 编辑商品: type, category, name, selling line, cover and gallery (uploaded through
 * `POST /api/admin/images`), the struck-through 原价 in 元 (sent in 分), the course or master a
 * virtual product stands for, the list order and the description (the article editor; the server
 * sanitises it as it does articles). A new product starts off the shelf.
 */
import {
  DrawerForm,
  ProForm,
  ProFormDependency,
  ProFormDigit,
  ProFormSelect,
  ProFormText,
} from '@ant-design/pro-components';
import type { AdminCategoryList, AdminProductBody, AdminProductDetail } from '@xuanli/contracts/admin-shop';
import {
  PRODUCT_IMAGES_MAX,
  PRODUCT_SUBTITLE_MAX,
  PRODUCT_TITLE_MAX,
  SKU_PRICE_MAX,
} from '@xuanli/contracts/admin-shop-labels';
import { PRODUCT_KIND_LABELS, PRODUCT_KINDS, type ProductKind } from '@xuanli/contracts/shop-labels';
import { createProduct, updateProduct } from '@/api/catalogue';
import { ImageUpload } from '@/components/ImageUpload';
import { RichTextEditor } from '@/components/RichTextEditor';
import { SortField } from '@/components/SortField';
import { problemRule } from '@/lib/form-rules';
import { useProductSave } from './use-product-save';
import { fenOf, priceProblem } from './yuan';

interface ProductValues {
  kind: ProductKind;
  categoryId: number;
  title: string;
  subtitle?: string;
  cover?: string | null;
  images?: string[];
  description?: string;
  originalPrice?: number | null;
  courseId?: string;
  sellid?: string;
  sort?: number;
}

/** The form's values of `product` (元 for the price). */
function valuesOf(product: AdminProductDetail | null): Partial<ProductValues> {
  if (!product) return { kind: 'goods', sort: 0, images: [], description: '' };
  return {
    kind: product.kind,
    categoryId: product.categoryId,
    title: product.title,
    subtitle: product.subtitle,
    cover: product.cover,
    images: product.images,
    description: product.description,
    originalPrice: product.originalPrice === null ? null : product.originalPrice / 100,
    courseId: product.courseId ?? '',
    sellid: product.sellid ?? '',
    sort: product.sort,
  };
}

/** The body the API takes from the form's values. */
function bodyOf(values: ProductValues): AdminProductBody {
  const original = values.originalPrice;
  return {
    kind: values.kind,
    categoryId: values.categoryId,
    title: values.title.trim(),
    subtitle: values.subtitle?.trim() ?? '',
    cover: values.cover ?? '',
    images: values.images ?? [],
    description: values.description ?? '',
    originalPrice:
      original === undefined || original === null || String(original) === '' ? null : fenOf(Number(original)),
    courseId: values.kind === 'course' ? (values.courseId?.trim() ?? null) : null,
    sellid: values.kind === 'service' ? (values.sellid?.trim() ?? null) : null,
    sort: Number(values.sort ?? 0),
  };
}

/** The product drawer: `product` null creates one. */
export function ProductForm({
  product,
  categories,
  open,
  onOpenChange,
  onSaved,
}: {
  product: AdminProductDetail | null;
  categories: AdminCategoryList['list'];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (product: AdminProductDetail) => void;
}) {
  const { guard, save } = useProductSave(open, onSaved);
  return (
    <DrawerForm<ProductValues>
      // Its own field ids: the list's search form has a 分类 field too.
      name="product"
      title={product ? `编辑商品：${product.title}` : '新建商品'}
      open={open}
      onOpenChange={guard.guardOpenChange(onOpenChange)}
      onInit={guard.watchForm}
      width={760}
      drawerProps={{ destroyOnHidden: true, maskClosable: false }}
      initialValues={valuesOf(product)}
      submitter={{ searchConfig: { submitText: '保存', resetText: '取消' } }}
      onFinish={(values) =>
        save(
          () => {
            const body = bodyOf(values);
            return product ? updateProduct(product.id, body) : createProduct(body);
          },
          product ? '商品已保存' : '商品已创建，添加规格后即可上架',
        )
      }
    >
      <ProForm.Group>
        <ProFormSelect
          name="kind"
          label="类型"
          width="sm"
          options={PRODUCT_KINDS.map((kind) => ({ label: PRODUCT_KIND_LABELS[kind], value: kind }))}
          rules={[{ required: true, message: '请选择类型' }]}
        />
        <ProFormSelect
          name="categoryId"
          label="分类"
          width="sm"
          placeholder="选择分类"
          options={categories.map((category) => ({ label: category.name, value: category.id }))}
          rules={[{ required: true, message: '请选择分类' }]}
        />
        <SortField width="xs" tooltip="数字小的排在前面" />
      </ProForm.Group>
      <ProFormText
        name="title"
        label="商品名称"
        placeholder="例如：小叶紫檀手串"
        fieldProps={{ maxLength: PRODUCT_TITLE_MAX, showCount: true }}
        rules={[{ required: true, whitespace: true, message: '请输入商品名称' }]}
      />
      <ProFormText
        name="subtitle"
        label="副标题"
        placeholder="一句卖点，可不填"
        fieldProps={{ maxLength: PRODUCT_SUBTITLE_MAX, showCount: true }}
      />
      <ProFormDependency name={['kind']}>
        {({ kind }) =>
          kind === 'course' ? (
            <ProFormText
              name="courseId"
              label="课程 ID"
              placeholder="购买后开通的课程"
              rules={[{ required: true, whitespace: true, message: '课程商品须填写课程 ID' }]}
            />
          ) : kind === 'service' ? (
            <ProFormText
              name="sellid"
              label="老师 ID"
              placeholder="咨询服务对应的老师"
              rules={[{ required: true, whitespace: true, message: '咨询服务须填写老师 ID' }]}
            />
          ) : null
        }
      </ProFormDependency>
      <ProFormDigit
        name="originalPrice"
        label="原价"
        width="sm"
        placeholder="划线价，可不填"
        fieldProps={{ precision: 2, addonAfter: '元' }}
        rules={[
          problemRule((value) => priceProblem(value, SKU_PRICE_MAX, false)?.replace('价格', '原价') ?? null),
        ]}
      />
      <ProForm.Item name="cover" label="封面" rules={[{ required: true, message: '请上传封面' }]}>
        <ImageUpload label="上传封面" />
      </ProForm.Item>
      <ProForm.Item name="images" label="商品图集" extra={`最多 ${PRODUCT_IMAGES_MAX} 张，封面之外的图片`}>
        <ImageUpload multiple max={PRODUCT_IMAGES_MAX} label="上传图片" />
      </ProForm.Item>
      <ProForm.Item name="description" label="商品详情">
        <RichTextEditor label="商品详情" />
      </ProForm.Item>
    </DrawerForm>
  );
}
