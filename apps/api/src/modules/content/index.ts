/**
 * The content module's public entry: label blocks, articles and masters with their console areas and
 * seeds (the texts come from apps/api/seed), the texts other modules keep in the `content` table (the
 * bazi readings), and the masters as the classroom shows its teachers.
 */
export { articleConsoleRoutes } from './console-articles.routes.ts';
export { masterConsoleRoutes } from './console-masters.routes.ts';
export { articleTitlesOf, masterNicknamesOf } from './content-names.ts';
export {
  type KeptText,
  keptTextBodies,
  keptTextsOfKind,
  replaceKeptText,
  seededTextHash,
  seedKeptTexts,
  type TextSeed,
} from './kept-texts.ts';
export { isMaster, masterCards, masterChoices } from './master-cards.ts';
export { contentRoutes, crmContentRoutes } from './routes.ts';
export { sanitizeArticleHtml } from './sanitize.ts';
export {
  type ArticleSeed,
  CUSTOMER_SERVICE_LABEL,
  type MasterSeed,
  type ServiceCardSeed,
  seedArticles,
  seedContent,
  seedMasters,
} from './seed.ts';
export { type ArticleInput, labelKey, saveArticle } from './service.ts';
export { AGREEMENTS_LABEL, type ContentSetupState, contentSetupState } from './setup-state.ts';
