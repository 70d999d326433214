/**
 * The content routes: labels, uploads and stored files, articles, masters (大师), feedback, and the console's articles, readings, masters, images and customer-service card.
 * Each route once: method, path, and the schemas the API registers (route.ts).
 */

import {
  AdminArticleBodySchema,
  AdminArticleDeletedSchema,
  AdminArticleLabelListSchema,
  AdminArticleListSchema,
  AdminArticleParamsSchema,
  AdminArticlePreviewBodySchema,
  AdminArticlePreviewSchema,
  AdminArticleQuerySchema,
  AdminArticleSchema,
  AdminImageFormSchema,
  AdminImageResultSchema,
  AdminMasterBodySchema,
  AdminMasterCreateBodySchema,
  AdminMasterListSchema,
  AdminMasterParamsSchema,
  AdminMasterSchema,
  AdminReadingBodySchema,
  AdminReadingListSchema,
  AdminReadingQuerySchema,
  AdminReadingSchema,
  AdminServiceCardBodySchema,
  AdminServiceCardSchema,
} from '../admin-content.ts';
import {
  ArticleReadBodySchema,
  ArticleSchema,
  ArticleSearchBodySchema,
  ArticleSearchResultSchema,
} from '../article.ts';
import {
  LabelBodySchema,
  LabelSchema,
  MasterListSchema,
  MasterQuerySchema,
  MasterSchema,
} from '../content.ts';
import { FileBytesSchema, FilePathParamsSchema } from '../files.ts';
import { defineRoutes } from '../route.ts';
import { FeedbackBodySchema, FeedbackResultSchema, UploadResultSchema } from '../upload.ts';

/** The app's content routes. */
export const CONTENT_ROUTES = defineRoutes({
  postBaseSysapiLabel: {
    method: 'POST',
    path: '/api/base/sysapi/label',
    body: LabelBodySchema,
    answer: LabelSchema,
  },
  postArticleSearch: {
    method: 'POST',
    path: '/api/crm/article/search',
    body: ArticleSearchBodySchema,
    answer: ArticleSearchResultSchema,
  },
  postArticleRead: {
    method: 'POST',
    path: '/api/crm/article/read',
    body: ArticleReadBodySchema,
    answer: ArticleSchema,
  },
  getDashi: { method: 'GET', path: '/api/crm/dashi', query: MasterQuerySchema, answer: MasterSchema },
  getDashiList: { method: 'GET', path: '/api/crm/dashi/list', answer: MasterListSchema },
  postBaseUpload: { method: 'POST', path: '/api/base/upload', answer: UploadResultSchema },
  getFilesFile: { method: 'GET', path: '/api/files/*', params: FilePathParamsSchema, reply: FileBytesSchema },
  postFeedback: {
    method: 'POST',
    path: '/api/crm/feedback',
    body: FeedbackBodySchema,
    answer: FeedbackResultSchema,
  },
});

/** The console's content routes, below `/api/admin/`. */
export const CONTENT_CONSOLE_ROUTES = defineRoutes({
  postImages: {
    method: 'POST',
    path: '/api/admin/images',
    body: AdminImageFormSchema,
    answer: AdminImageResultSchema,
  },
  getArticles: {
    method: 'GET',
    path: '/api/admin/articles',
    query: AdminArticleQuerySchema,
    answer: AdminArticleListSchema,
  },
  getArticlesLabels: {
    method: 'GET',
    path: '/api/admin/articles/labels',
    answer: AdminArticleLabelListSchema,
  },
  postArticlesPreview: {
    method: 'POST',
    path: '/api/admin/articles/preview',
    body: AdminArticlePreviewBodySchema,
    answer: AdminArticlePreviewSchema,
  },
  getArticlesById: {
    method: 'GET',
    path: '/api/admin/articles/:id',
    params: AdminArticleParamsSchema,
    answer: AdminArticleSchema,
  },
  postArticles: {
    method: 'POST',
    path: '/api/admin/articles',
    body: AdminArticleBodySchema,
    answer: AdminArticleSchema,
  },
  postArticlesById: {
    method: 'POST',
    path: '/api/admin/articles/:id',
    params: AdminArticleParamsSchema,
    body: AdminArticleBodySchema,
    answer: AdminArticleSchema,
  },
  postArticlesByIdPublish: {
    method: 'POST',
    path: '/api/admin/articles/:id/publish',
    params: AdminArticleParamsSchema,
    answer: AdminArticleSchema,
  },
  postArticlesByIdUnpublish: {
    method: 'POST',
    path: '/api/admin/articles/:id/unpublish',
    params: AdminArticleParamsSchema,
    answer: AdminArticleSchema,
  },
  deleteArticlesById: {
    method: 'DELETE',
    path: '/api/admin/articles/:id',
    params: AdminArticleParamsSchema,
    answer: AdminArticleDeletedSchema,
  },
  getReadings: {
    method: 'GET',
    path: '/api/admin/readings',
    query: AdminReadingQuerySchema,
    answer: AdminReadingListSchema,
  },
  postReadings: {
    method: 'POST',
    path: '/api/admin/readings',
    body: AdminReadingBodySchema,
    answer: AdminReadingSchema,
  },
  getMasters: { method: 'GET', path: '/api/admin/masters', answer: AdminMasterListSchema },
  postMasters: {
    method: 'POST',
    path: '/api/admin/masters',
    body: AdminMasterCreateBodySchema,
    answer: AdminMasterSchema,
  },
  postMastersBySellid: {
    method: 'POST',
    path: '/api/admin/masters/:sellid',
    params: AdminMasterParamsSchema,
    body: AdminMasterBodySchema,
    answer: AdminMasterSchema,
  },
  getCustomerService: { method: 'GET', path: '/api/admin/customer-service', answer: AdminServiceCardSchema },
  postCustomerService: {
    method: 'POST',
    path: '/api/admin/customer-service',
    body: AdminServiceCardBodySchema,
    answer: AdminServiceCardSchema,
  },
});
