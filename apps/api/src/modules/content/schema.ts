/**
 * Editable texts and small structured blocks (labels, articles, notices, reading texts).
 */
import { boolean, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';

/**
 * Content addressed by a stable key, e.g. `crm/label/在线客服` for the customer-service card of
 * base/sysapi/label (PRODUCT.md#paths).
 */
export const content = pgTable('content', {
  key: text('key').primaryKey(),
  // What the row is: 'label' (structured `data`), 'article', 'text' … free-form so that new kinds need
  // no migration.
  kind: text('kind').notNull(),
  title: text('title').notNull().default(''),
  body: text('body').notNull().default(''),
  data: jsonb('data'),
  // True while the row holds what the seed wrote as an example (the customer-service card): the
  // console's 开店清单 shows it as 示例 until an operator saves the row, which clears it.
  demo: boolean('demo').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Articles (crm/article/*, PRODUCT.md#content): agreements, the 24 节气, one per 宜/忌 word, help pages. `body`
 * is HTML, sanitised when written (seed, editors) and again when read. Addressed by id or by (label, name).
 */
export const articles = pgTable(
  'articles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    // The category, e.g. '协议', '节气', '宜忌', '帮助'; free text so that operators can add labels.
    label: text('label').notNull(),
    // Stable name within the label, e.g. '隐私政策', '立春', '嫁娶' (the web links by it).
    name: text('name').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull().default(''),
    // Unpublished articles are neither listed nor readable.
    published: boolean('published').notNull().default(true),
    // Order within a label (节气 in their yearly order, 宜忌 words in the almanac's order).
    sort: integer('sort').notNull().default(0),
    // True while the text is the seed's (e.g. the agreements' example company); saving the article in
    // the console clears it, publishing or unpublishing does not.
    demo: boolean('demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('articles_label_name_unique').on(table.label, table.name),
    index('articles_label_sort_idx').on(table.label, table.sort, table.id),
  ],
);

/**
 * Masters/teachers (dashi, PRODUCT.md#content) for the master contact dialog, keyed by `sellid` (chosen by
 * the operator, as course and shop records refer to it). The default master is the first active one by (sort,
 * sellid).
 */
export const masters = pgTable('masters', {
  sellid: integer('sellid').primaryKey(),
  avatar: text('avatar').notNull().default(''),
  nickname: text('nickname').notNull().default(''),
  intro: text('intro').notNull().default(''),
  wx: text('wx').notNull().default(''),
  qrcode: text('qrcode').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  // Inactive masters are hidden from the list and answered as unknown.
  active: boolean('active').notNull().default(true),
  // True while the record is one of the seed's fictional masters; saving it in the console clears it.
  demo: boolean('demo').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
