/**
 * The console's content wire (`/api/admin/…`, roles admin and editor): image upload for the console's
 * rich text, avatars, QR codes and product pictures; articles and their labels; the 八字 reading
 * texts (miji); masters (dashi) and the customer-service card.
 */
import { type Static, Type } from 'typebox';
import {
  ADMIN_ARTICLE_LIMITS,
  MASTER_LIMITS,
  PICTURE_URL_PATTERN,
  READING_GROUP_LABELS,
  READING_LIMITS,
  type ReadingGroup,
} from './admin-content-labels.ts';
import { DateTime, pageOf, pageQuery, RowId } from './common.ts';

export * from './admin-content-labels.ts';

/**
 * The form of `POST /api/admin/images` (multipart/form-data). Documentation only: the route reads
 * the parts as a stream.
 */
export const AdminImageFormSchema = Type.Object({
  file: Type.String({
    format: 'binary',
    description: 'The image (JPEG, PNG, WebP or GIF, ≤ 5 MB); its type is read from its bytes',
  }),
});

/** `resData` of `POST /api/admin/images`: where the stored image is served. */
export const AdminImageResultSchema = Type.Object({
  url: Type.String({
    description: "Same-origin URL the app loads, e.g. '/api/files/console/images/2026/<uuid>.webp'",
  }),
});

/** An image upload answer. */
export type AdminImageResult = Static<typeof AdminImageResultSchema>;

// ---------------------------------------------------------------------------------------------------
// Articles and labels

const ArticleIdField = RowId('Article id');

/** Query of `GET /api/admin/articles`. */
export const AdminArticleQuerySchema = Type.Object(
  {
    label: Type.Optional(
      Type.String({ maxLength: ADMIN_ARTICLE_LIMITS.label, description: 'Only this label' }),
    ),
    q: Type.Optional(
      Type.String({
        maxLength: ADMIN_ARTICLE_LIMITS.keyword,
        description: 'Plain text found in the title or name, letter case ignored',
      }),
    ),
    published: Type.Optional(
      Type.Union([Type.Literal('true'), Type.Literal('false')], { description: 'Only published or drafts' }),
    ),
    order: Type.Optional(
      Type.Union([Type.Literal('label'), Type.Literal('updatedDesc'), Type.Literal('updatedAsc')], {
        description: "'label' (default: label, sort, id), or by last change, newest or oldest first",
      }),
    ),
    ...pageQuery(),
  },
  { additionalProperties: false },
);

/** An article list query. */
export type AdminArticleQuery = Static<typeof AdminArticleQuerySchema>;

/** An article in the console's list (no body). */
export const AdminArticleSummarySchema = Type.Object({
  id: ArticleIdField,
  label: Type.String(),
  name: Type.String(),
  title: Type.String(),
  summary: Type.String(),
  published: Type.Boolean(),
  sort: Type.Integer(),
  updatedAt: DateTime('Last change'),
});

/** A listed article. */
export type AdminArticleSummary = Static<typeof AdminArticleSummarySchema>;

/** `resData` of `GET /api/admin/articles`: the page in label order (sort, then id) and the total. */
export const AdminArticleListSchema = Type.Object(pageOf(AdminArticleSummarySchema));

/** A page of articles. */
export type AdminArticleList = Static<typeof AdminArticleListSchema>;

/** One label in use, with how many articles carry it and how many of them are published. */
export const AdminArticleLabelSchema = Type.Object({
  label: Type.String(),
  count: Type.Integer({ minimum: 0 }),
  published: Type.Integer({ minimum: 0 }),
});

/** A label in use. */
export type AdminArticleLabel = Static<typeof AdminArticleLabelSchema>;

/** `resData` of `GET /api/admin/articles/labels`. */
export const AdminArticleLabelListSchema = Type.Object({ list: Type.Array(AdminArticleLabelSchema) });

/** The labels in use. */
export type AdminArticleLabelList = Static<typeof AdminArticleLabelListSchema>;

/** An article with its body as stored (sanitised HTML). */
export const AdminArticleSchema = Type.Object({
  ...AdminArticleSummarySchema.properties,
  html: Type.String({ description: 'Body HTML as stored: sanitised on save' }),
  createdAt: DateTime('Created'),
});

/** An article. */
export type AdminArticle = Static<typeof AdminArticleSchema>;

/** Params of the routes of one article. */
export const AdminArticleParamsSchema = Type.Object({ id: ArticleIdField });

/** Body of creating (`POST /api/admin/articles`) or changing (`POST /api/admin/articles/{id}`) an article. */
export const AdminArticleBodySchema = Type.Object(
  {
    label: Type.String({
      minLength: 1,
      maxLength: ADMIN_ARTICLE_LIMITS.label,
      description: "Label, e.g. '宜忌', '协议', '节气', '帮助' or a new one",
    }),
    name: Type.String({
      minLength: 1,
      maxLength: ADMIN_ARTICLE_LIMITS.name,
      description: 'Name within the label, unique there (the app links by it)',
    }),
    title: Type.String({ minLength: 1, maxLength: ADMIN_ARTICLE_LIMITS.title }),
    summary: Type.Optional(Type.String({ maxLength: ADMIN_ARTICLE_LIMITS.summary })),
    html: Type.String({
      maxLength: ADMIN_ARTICLE_LIMITS.html,
      description: 'Body HTML; sanitised with the app allow-list before it is stored',
    }),
    sort: Type.Optional(
      Type.Integer({
        minimum: -ADMIN_ARTICLE_LIMITS.sort,
        maximum: ADMIN_ARTICLE_LIMITS.sort,
        description: 'Order within the label, smaller first (default 0)',
      }),
    ),
  },
  { additionalProperties: false },
);

/** An article as the editor sends it. */
export type AdminArticleBody = Static<typeof AdminArticleBodySchema>;

/** Body of `POST /api/admin/articles/preview`: HTML to sanitise as saving would. */
export const AdminArticlePreviewBodySchema = Type.Object(
  { html: Type.String({ maxLength: ADMIN_ARTICLE_LIMITS.html }) },
  { additionalProperties: false },
);

/** A preview request. */
export type AdminArticlePreviewBody = Static<typeof AdminArticlePreviewBodySchema>;

/** `resData` of the preview: the HTML as it would be stored and shown in the app. */
export const AdminArticlePreviewSchema = Type.Object({ html: Type.String() });

/** A preview answer. */
export type AdminArticlePreview = Static<typeof AdminArticlePreviewSchema>;

/** `resData` of deleting an article: the id that went. */
export const AdminArticleDeletedSchema = Type.Object({ id: ArticleIdField });

/** A deletion answer. */
export type AdminArticleDeleted = Static<typeof AdminArticleDeletedSchema>;

// ---------------------------------------------------------------------------------------------------
// 命书 reading texts (miji)

/** Query of `GET /api/admin/readings`. */
export const AdminReadingQuerySchema = Type.Object(
  {
    // Unsafe only to give the list of literals its type: the JSON Schema is the union as written.
    group: Type.Optional(
      Type.Unsafe<ReadingGroup>(
        Type.Union(
          Object.keys(READING_GROUP_LABELS).map((group) => Type.Literal(group)),
          { description: 'Only this group: daymaster, strength, element, tengod, shensha or luck' },
        ),
      ),
    ),
  },
  { additionalProperties: false },
);

/** A reading list query. */
export type AdminReadingQuery = { group?: ReadingGroup };

/** One reading text as the console edits it. */
export const AdminReadingSchema = Type.Object({
  key: Type.String({ description: "Content key, e.g. 'daymaster:甲', 'shensha:天乙贵人'" }),
  group: Type.String({ description: 'The group (first part of the key)' }),
  title: Type.String(),
  body: Type.String(),
  edited: Type.Boolean({
    description: 'True once an editor changed the seeded text (the seed then keeps off it)',
  }),
  updatedAt: Type.String({ format: 'date-time' }),
});

/** A reading text. */
export type AdminReading = Static<typeof AdminReadingSchema>;

/** `resData` of `GET /api/admin/readings`: every reading text in key order. */
export const AdminReadingListSchema = Type.Object({ list: Type.Array(AdminReadingSchema) });

/** The reading texts. */
export type AdminReadingList = Static<typeof AdminReadingListSchema>;

/** Body of `POST /api/admin/readings`: the new title and text of one reading. */
export const AdminReadingBodySchema = Type.Object(
  {
    key: Type.String({ minLength: 1, maxLength: READING_LIMITS.key }),
    title: Type.String({ minLength: 1, maxLength: READING_LIMITS.title }),
    body: Type.String({ minLength: 1, maxLength: READING_LIMITS.body }),
  },
  { additionalProperties: false },
);

/** A reading change. */
export type AdminReadingBody = Static<typeof AdminReadingBodySchema>;

// ---------------------------------------------------------------------------------------------------
// Masters (dashi) and the customer-service card (label crm/在线客服)

const PictureField = (description: string) =>
  Type.String({ maxLength: MASTER_LIMITS.url, pattern: PICTURE_URL_PATTERN, description });

/** The fields the master record and the customer-service card share (dashi, PRODUCT.md#content). */
const CardFields = {
  avatar: PictureField("Avatar URL from POST admin/images (or https), '' for the app's default picture"),
  nickname: Type.String({
    maxLength: MASTER_LIMITS.nickname,
    description: "Shown name; '' shows 七星堂师傅",
  }),
  intro: Type.String({ maxLength: MASTER_LIMITS.intro }),
  wx: Type.String({
    maxLength: MASTER_LIMITS.wx,
    description: "WeChat ID to copy; '' when there is none (the app shows 暂无微信号)",
  }),
  qrcode: PictureField("WeChat QR code picture URL, or ''"),
};

const SellidField = RowId('Master id (sellid)');

/** A master as the console edits it: the app's fields plus order and whether the app shows it. */
export const AdminMasterSchema = Type.Object({
  sellid: SellidField,
  ...CardFields,
  sort: Type.Integer(),
  active: Type.Boolean({ description: 'Inactive masters are neither listed nor answered by the app' }),
  demo: Type.Boolean({
    description:
      "The seed's example, never saved by an operator (the console shows 示例 until it is replaced)",
  }),
  updatedAt: Type.String({ format: 'date-time' }),
});

/** A master. */
export type AdminMaster = Static<typeof AdminMasterSchema>;

/** `resData` of `GET /api/admin/masters`: every master, active or not, in the app's order. */
export const AdminMasterListSchema = Type.Object({ list: Type.Array(AdminMasterSchema) });

/** The masters. */
export type AdminMasterList = Static<typeof AdminMasterListSchema>;

/** Params of the routes of one master. */
export const AdminMasterParamsSchema = Type.Object({ sellid: SellidField });

/** Body of changing a master (`POST /api/admin/masters/{sellid}`). */
export const AdminMasterBodySchema = Type.Object(
  {
    ...CardFields,
    sort: Type.Integer({ minimum: -MASTER_LIMITS.sort, maximum: MASTER_LIMITS.sort }),
    active: Type.Boolean(),
  },
  { additionalProperties: false },
);

/** A master's fields as the console sends them. */
export type AdminMasterBody = Static<typeof AdminMasterBodySchema>;

/** Body of adding a master (`POST /api/admin/masters`): its sellid, chosen by the operator, and fields. */
export const AdminMasterCreateBodySchema = Type.Object(
  { sellid: SellidField, ...AdminMasterBodySchema.properties },
  { additionalProperties: false },
);

/** A new master. */
export type AdminMasterCreateBody = Static<typeof AdminMasterCreateBodySchema>;

/** The customer-service card (PRODUCT.md#paths base/sysapi/label crm/在线客服): the card and its short notice. */
export const AdminServiceCardSchema = Type.Object({
  ...CardFields,
  body: Type.String({ maxLength: MASTER_LIMITS.body, description: 'The short notice above the card' }),
  demo: Type.Boolean({
    description:
      "The seed's example, never saved by an operator (the console shows 示例 until it is replaced)",
  }),
  updatedAt: Type.String({ format: 'date-time' }),
});

/** The customer-service card. */
export type AdminServiceCard = Static<typeof AdminServiceCardSchema>;

/** Body of `POST /api/admin/customer-service`. */
export const AdminServiceCardBodySchema = Type.Object(
  {
    ...CardFields,
    body: Type.String({ maxLength: MASTER_LIMITS.body }),
  },
  { additionalProperties: false },
);

/** The card as the console sends it. */
export type AdminServiceCardBody = Static<typeof AdminServiceCardBodySchema>;
