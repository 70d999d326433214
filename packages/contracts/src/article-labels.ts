/**
 * The articles' labels, without TypeBox: the web's 排盘 term sheet reads its label from here
 * (article.ts builds the schemas, which would put TypeBox into the page's chunk).
 */

/** The labels the app seeds; operators may add others, so the wire accepts any label string. */
export const ARTICLE_LABELS = ['协议', '节气', '宜忌', '帮助', '风水', '命理术语'] as const;

/** One of the seeded labels. */
export type ArticleLabel = (typeof ARTICLE_LABELS)[number];

/**
 * The label of the chart's term articles: one per 十神, 神煞 and 纳音 the 排盘 page shows, named by the
 * term itself, which the page's term sheet reads.
 */
export const MINGLI_TERM_LABEL: ArticleLabel = '命理术语';
