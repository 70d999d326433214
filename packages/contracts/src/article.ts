/**
 * PRODUCT.md#paths `crm/article/search` and `crm/article/read`: the app's articles — the agreements, the 24
 * 节气, one article per 宜/忌 word (its name is the word), the help pages and the 风水 service's cases. Public:
 * visitors may read them. The HTML is sanitised by the server with an allow-list before it is stored and
 * again before it is sent.
 */
import { type Static, Type } from 'typebox';
import { PAGE_SIZE, pageQuery, RowId } from './common.ts';

export { ARTICLE_LABELS, type ArticleLabel, MINGLI_TERM_LABEL } from './article-labels.ts';

/** Size limits of the article requests. */
export const ARTICLE_LIMITS = {
  label: 32,
  name: 64,
  keyword: 50,
  /** Default page size (the largest is every list's, common.ts). */
  defaultSize: PAGE_SIZE,
} as const;

const LabelField = Type.String({
  minLength: 1,
  maxLength: ARTICLE_LIMITS.label,
  description:
    "Label (category): '协议' agreements, '节气' solar terms, '宜忌' 宜/忌 words, '帮助' help, '风水' 风水 cases, '命理术语' the chart's terms",
  examples: ['节气'],
});

const NameField = Type.String({
  minLength: 1,
  maxLength: ARTICLE_LIMITS.name,
  description: "Name within the label, e.g. '用户协议', '立春', '嫁娶'",
  examples: ['立春'],
});

const IdField = RowId('Article id');

/** Body of `POST /api/crm/article/search`. */
export const ArticleSearchBodySchema = Type.Object(
  {
    label: Type.Optional(LabelField),
    keyword: Type.Optional(
      Type.String({
        maxLength: ARTICLE_LIMITS.keyword,
        description:
          'Plain text (no wildcards) looked for in the title, name and summary, letter case ignored; ' +
          'blank = no keyword. Title matches come first.',
        examples: ['立春'],
      }),
    ),
    ...pageQuery(ARTICLE_LIMITS.defaultSize),
  },
  { description: 'Search published articles by label and/or keyword, paged' },
);

/** A search request. */
export type ArticleSearchBody = Static<typeof ArticleSearchBodySchema>;

/** One article in a search answer (no body). */
export const ArticleListItemSchema = Type.Object({
  id: IdField,
  label: Type.String(),
  name: Type.String(),
  title: Type.String(),
  summary: Type.String({ description: 'One or two sentences for the list; may be empty' }),
  updatedAt: Type.String({ format: 'date-time', description: 'Last change, ISO 8601 UTC' }),
});

/** An article in a list. */
export type ArticleListItem = Static<typeof ArticleListItemSchema>;

/** `resData` of `POST /api/crm/article/search`. */
export const ArticleSearchResultSchema = Type.Object(
  {
    list: Type.Array(ArticleListItemSchema, {
      description: 'This page: title matches first, then the label order (sort), then id',
    }),
    total: Type.Integer({ minimum: 0, description: 'Matching articles over all pages' }),
  },
  { description: 'A page of matching published articles' },
);

/** A search answer. */
export type ArticleSearchResult = Static<typeof ArticleSearchResultSchema>;

/** Body of `POST /api/crm/article/read`: `{id}` or `{label, name}`. */
export const ArticleReadBodySchema = Type.Union(
  [
    Type.Object({ id: IdField }, { description: 'By id' }),
    Type.Object(
      { label: LabelField, name: NameField },
      { description: "By label and name, e.g. {label: '宜忌', name: '嫁娶'}" },
    ),
  ],
  { description: 'Which article: {id} or {label, name}; NotFound when missing or unpublished' },
);

/** A read request. */
export type ArticleReadBody = Static<typeof ArticleReadBodySchema>;

/** `resData` of `POST /api/crm/article/read`. */
export const ArticleSchema = Type.Object(
  {
    id: IdField,
    label: Type.String(),
    name: Type.String(),
    title: Type.String(),
    summary: Type.String(),
    html: Type.String({
      description:
        'Body as sanitised HTML: p, h2–h4, strong/em/b/i/u, blockquote, lists, links (http/https/mailto, ' +
        'in-app #/pages/…), images (https or /api/files/), tables, br, hr, span; no scripts, styles or event attributes',
    }),
    updatedAt: Type.String({ format: 'date-time', description: 'Last change, ISO 8601 UTC' }),
  },
  { description: 'A published article' },
);

/** An article. */
export type Article = Static<typeof ArticleSchema>;
