/**
 * Choosing a SKU on the product page: the buyer picks one value per option (尺寸, 颜色…) and the
 * values pin down a SKU. A value is offered only when some SKU in stock has it together with the
 * values already chosen for the other options, so every tap leads to something that can be bought.
 *
 * A product of one SKU has no options (its SKU is titled 默认). Several SKUs without options would be
 * a catalogue mistake; they are offered by their titles under one 规格 option rather than hidden.
 */
import type { ProductDetail, Sku } from '@xuanli/contracts/shop';
import { MAX_LINE_QTY } from '@xuanli/contracts/shop-labels';

/** The name of the stand-in option when SKUs carry no options. */
const FALLBACK_OPTION = '规格';

/** One option as the picker shows it. */
export interface SkuOption {
  name: string;
  values: string[];
}

/** Option name → chosen value. */
export type Selection = Readonly<Record<string, string>>;

/** The product fields the picker reads. */
export type SkuSource = Pick<ProductDetail, 'options' | 'skus'>;

/** The options to offer: the product's own, or the SKU titles when several SKUs carry none. */
export function optionsOf(product: SkuSource): SkuOption[] {
  if (product.options.length > 0) return product.options;
  if (product.skus.length > 1)
    return [{ name: FALLBACK_OPTION, values: product.skus.map((sku) => sku.title) }];
  return [];
}

/** A SKU's option values, matching {@link optionsOf}. */
function specOf(product: SkuSource, sku: Sku): Record<string, string> {
  return product.options.length > 0 ? sku.spec : { [FALLBACK_OPTION]: sku.title };
}

/** Whether `sku` has every value of `selection`. */
function matches(product: SkuSource, sku: Sku, selection: Selection): boolean {
  const spec = specOf(product, sku);
  return Object.entries(selection).every(([name, value]) => spec[name] === value);
}

/**
 * Whether `value` of option `name` may be chosen: some SKU with stock has it together with the values
 * chosen for the other options.
 */
export function isValueOffered(
  product: SkuSource,
  selection: Selection,
  name: string,
  value: string,
): boolean {
  const wanted = { ...selection, [name]: value };
  return product.skus.some((sku) => sku.stock > 0 && matches(product, sku, wanted));
}

/** The SKU `selection` pins down (every option chosen), or null; a product of one SKU always has it. */
export function chosenSku(product: SkuSource, selection: Selection): Sku | null {
  const options = optionsOf(product);
  if (options.length === 0) return product.skus[0] ?? null;
  if (!options.every((option) => selection[option.name] !== undefined)) return null;
  return product.skus.find((sku) => matches(product, sku, selection)) ?? null;
}

/** The first option still without a value (the picker asks for it), or null. */
export function missingOption(product: SkuSource, selection: Selection): string | null {
  return optionsOf(product).find((option) => selection[option.name] === undefined)?.name ?? null;
}

/**
 * What the picker starts with: an option of a single value is chosen already (nothing to decide),
 * and so is the only SKU that has stock — the buyer need not tap through a choice that has none.
 */
export function initialSelection(product: SkuSource): Selection {
  const selection: Record<string, string> = {};
  const inStock = product.skus.filter((sku) => sku.stock > 0);
  if (inStock.length === 1 && inStock[0]) return { ...specOf(product, inStock[0]) };
  for (const option of optionsOf(product)) {
    const [only] = option.values;
    if (option.values.length === 1 && only !== undefined) selection[option.name] = only;
  }
  return selection;
}

/**
 * The selection after a tap on `value` of option `name`: a chosen value is let go, another is chosen
 * (a value that is not offered changes nothing).
 */
export function toggleValue(
  product: SkuSource,
  selection: Selection,
  name: string,
  value: string,
): Selection {
  if (selection[name] === value) {
    const { [name]: _dropped, ...rest } = selection;
    return rest;
  }
  if (!isValueOffered(product, selection, name, value)) return selection;
  return { ...selection, [name]: value };
}

/** Most pieces of `sku` one order line may take: its stock, at most {@link MAX_LINE_QTY}. */
export function maxQtyOf(sku: Pick<Sku, 'stock'>): number {
  return Math.max(0, Math.min(sku.stock, MAX_LINE_QTY));
}

/** Pieces left over all SKUs of a product. */
export function totalStock(product: Pick<ProductDetail, 'skus'>): number {
  return product.skus.reduce((sum, sku) => sum + sku.stock, 0);
}

/** Lowest and highest SKU price (分); equal for a product of one price. */
export function priceRange(product: Pick<ProductDetail, 'skus' | 'price'>): { low: number; high: number } {
  if (product.skus.length === 0) return { low: product.price, high: product.price };
  const prices = product.skus.map((sku) => sku.price);
  return { low: Math.min(...prices), high: Math.max(...prices) };
}
