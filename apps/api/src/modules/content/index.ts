/**
 * The content module's public entry: editable content blocks (labels now; articles next) and the
 * `content` table other modules keep their editable texts in (the bazi readings).
 */
export { contentRoutes } from './routes.ts';
export { content } from './schema.ts';
export { CUSTOMER_SERVICE_LABEL, labelKey, seedContent } from './seed.ts';
