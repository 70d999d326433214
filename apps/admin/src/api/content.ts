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
import { api } from '@/lib/api';

/** `GET /api/admin/articles`: a page of articles by label, keyword and published state. */
export function listArticles(query: AdminArticleQuery): Promise<AdminArticleList> {
  return api.get<AdminArticleList>('articles', query);
}

/** `GET /api/admin/articles/labels`: the labels in use with their counts. */
export function listArticleLabels(): Promise<AdminArticleLabelList> {
  return api.get<AdminArticleLabelList>('articles/labels');
}

/** `GET /api/admin/articles/{id}`: one article with its body. */
export function getArticle(id: number): Promise<AdminArticle> {
  return api.get<AdminArticle>(`articles/${id}`);
}

/** `POST /api/admin/articles`: a new article, saved as a draft. */
export function createArticle(body: AdminArticleBody): Promise<AdminArticle> {
  return api.post<AdminArticle>('articles', body);
}

/** `POST /api/admin/articles/{id}`: changes an article (its published state stays). */
export function updateArticle(id: number, body: AdminArticleBody): Promise<AdminArticle> {
  return api.post<AdminArticle>(`articles/${id}`, body);
}

/** `POST /api/admin/articles/{id}/publish` or `/unpublish`. */
export function setArticlePublished(id: number, published: boolean): Promise<AdminArticle> {
  return api.post<AdminArticle>(`articles/${id}/${published ? 'publish' : 'unpublish'}`);
}

/** `DELETE /api/admin/articles/{id}`. */
export function deleteArticle(id: number): Promise<AdminArticleDeleted> {
  return api.delete<AdminArticleDeleted>(`articles/${id}`);
}

/** `POST /api/admin/articles/preview`: the body HTML as saving would store it. */
export function previewArticleHtml(html: string): Promise<AdminArticlePreview> {
  return api.post<AdminArticlePreview>('articles/preview', { html });
}

/** `GET /api/admin/readings`: the 命书 reading texts, of one group or all. */
export function listReadings(group?: ReadingGroup): Promise<AdminReadingList> {
  return api.get<AdminReadingList>('readings', { group });
}

/** `POST /api/admin/readings`: changes one reading's title and text. */
export function saveReading(body: AdminReadingBody): Promise<AdminReading> {
  return api.post<AdminReading>('readings', body);
}

/** `GET /api/admin/masters`: every master, active or not. */
export function listMasters(): Promise<AdminMasterList> {
  return api.get<AdminMasterList>('masters');
}

/** `POST /api/admin/masters`: adds a master. */
export function createMaster(body: AdminMasterCreateBody): Promise<AdminMaster> {
  return api.post<AdminMaster>('masters', body);
}

/** `POST /api/admin/masters/{sellid}`: changes a master. */
export function updateMaster(sellid: number, body: AdminMasterBody): Promise<AdminMaster> {
  return api.post<AdminMaster>(`masters/${sellid}`, body);
}

/** `GET /api/admin/customer-service`: the 在线客服 card. */
export function getServiceCard(): Promise<AdminServiceCard> {
  return api.get<AdminServiceCard>('customer-service');
}

/** `POST /api/admin/customer-service`: saves the 在线客服 card. */
export function saveServiceCard(body: AdminServiceCardBody): Promise<AdminServiceCard> {
  return api.post<AdminServiceCard>('customer-service', body);
}
