/**
 * The content calls of the console (roles admin and editor; packages/contracts/src/admin-content.ts):
 * articles with their drafts and labels, the phone preview's sanitising and publishing; the 命书
 * reading texts; masters and the customer-service card. The app reads the same rows, so a saved
 * change shows there at once.
 */
import type {
  AdminArticle,
  AdminArticleBody,
  AdminArticleDeleted,
  AdminArticleLabelList,
  AdminArticleList,
  AdminArticlePreview,
  AdminArticleQuery,
  AdminMaster,
  AdminMasterBody,
  AdminMasterCreateBody,
  AdminMasterList,
  AdminReading,
  AdminReadingBody,
  AdminReadingList,
  AdminServiceCard,
  AdminServiceCardBody,
  ReadingGroup,
} from '@xuanli/contracts/admin-content';
import { CONSOLE_ROUTES } from '@xuanli/contracts/routes/paths';
import { api } from '@/lib/api';

/** `GET /api/admin/articles`: a page of articles by label, keyword and published state. */
export function listArticles(query: AdminArticleQuery): Promise<AdminArticleList> {
  return api.call(CONSOLE_ROUTES.content.getArticles, { query });
}

/** `GET /api/admin/articles/labels`: the labels in use with their counts. */
export function listArticleLabels(): Promise<AdminArticleLabelList> {
  return api.call(CONSOLE_ROUTES.content.getArticlesLabels);
}

/** `GET /api/admin/articles/{id}`: one article with its body. */
export function getArticle(id: number): Promise<AdminArticle> {
  return api.call(CONSOLE_ROUTES.content.getArticlesById, { params: { id } });
}

/** `POST /api/admin/articles`: a new article, saved as a draft. */
export function createArticle(body: AdminArticleBody): Promise<AdminArticle> {
  return api.call(CONSOLE_ROUTES.content.postArticles, { body });
}

/** `POST /api/admin/articles/{id}`: changes an article (its published state stays). */
export function updateArticle(id: number, body: AdminArticleBody): Promise<AdminArticle> {
  return api.call(CONSOLE_ROUTES.content.postArticlesById, { params: { id }, body });
}

/** `POST /api/admin/articles/{id}/publish` or `/unpublish`. */
export function setArticlePublished(id: number, published: boolean): Promise<AdminArticle> {
  const route = published
    ? CONSOLE_ROUTES.content.postArticlesByIdPublish
    : CONSOLE_ROUTES.content.postArticlesByIdUnpublish;
  return api.call(route, { params: { id } });
}

/** `DELETE /api/admin/articles/{id}`. */
export function deleteArticle(id: number): Promise<AdminArticleDeleted> {
  return api.call(CONSOLE_ROUTES.content.deleteArticlesById, { params: { id } });
}

/** `POST /api/admin/articles/preview`: the body HTML as saving would store it. */
export function previewArticleHtml(html: string): Promise<AdminArticlePreview> {
  return api.call(CONSOLE_ROUTES.content.postArticlesPreview, { body: { html } });
}

/** `GET /api/admin/readings`: the 命书 reading texts, of one group or all. */
export function listReadings(group?: ReadingGroup): Promise<AdminReadingList> {
  return api.call(CONSOLE_ROUTES.content.getReadings, { query: { group } });
}

/** `POST /api/admin/readings`: changes one reading's title and text. */
export function saveReading(body: AdminReadingBody): Promise<AdminReading> {
  return api.call(CONSOLE_ROUTES.content.postReadings, { body });
}

/** `GET /api/admin/masters`: every master, active or not. */
export function listMasters(): Promise<AdminMasterList> {
  return api.call(CONSOLE_ROUTES.content.getMasters);
}

/** `POST /api/admin/masters`: adds a master. */
export function createMaster(body: AdminMasterCreateBody): Promise<AdminMaster> {
  return api.call(CONSOLE_ROUTES.content.postMasters, { body });
}

/** `POST /api/admin/masters/{sellid}`: changes a master. */
export function updateMaster(sellid: number, body: AdminMasterBody): Promise<AdminMaster> {
  return api.call(CONSOLE_ROUTES.content.postMastersBySellid, { params: { sellid }, body });
}

/** `GET /api/admin/customer-service`: the 在线客服 card. */
export function getServiceCard(): Promise<AdminServiceCard> {
  return api.call(CONSOLE_ROUTES.content.getCustomerService);
}

/** `POST /api/admin/customer-service`: saves the 在线客服 card. */
export function saveServiceCard(body: AdminServiceCardBody): Promise<AdminServiceCard> {
  return api.call(CONSOLE_ROUTES.content.postCustomerService, { body });
}
