/**
 * What the chart's term sheet reads: the term's 命理术语 article (`POST crm/article/read {label, name}`,
 * sanitised HTML, public) and its 相关课程 (`GET crm/ketang/lessons-by-tag`, the lessons tagged with the
 * term, then with its family — 十神, 神煞 or 纳音 — when none is).
 */
import { useQuery } from '@tanstack/react-query';
import { MINGLI_TERM_LABEL } from '@xuanli/contracts/article-labels';
import { APP_ROUTES, api } from '@/lib/api';

/** A tappable term of the chart and its family. */
export interface ChartTerm {
  name: string;
  kind: '十神' | '神煞' | '纳音';
}

/** Terms and lessons change rarely: an hour keeps re-opening a sheet off the network. */
const STALE = 60 * 60_000;

/** The term's article. */
export function useTermArticle(term: ChartTerm | null) {
  return useQuery({
    queryKey: ['article', MINGLI_TERM_LABEL, term?.name ?? ''],
    queryFn: ({ signal }) =>
      api.call(
        APP_ROUTES.content.postArticleRead,
        { body: { label: MINGLI_TERM_LABEL, name: term!.name } },
        { signal },
      ),
    enabled: term !== null,
    staleTime: STALE,
  });
}

/** The tags whose lessons teach `term`: the term, then its family (most specific first). */
export function termLessonTags(term: ChartTerm): string[] {
  return term.name === term.kind ? [term.name] : [term.name, term.kind];
}

/** The lessons that teach the term. */
export function useTermLessons(term: ChartTerm | null) {
  return useQuery({
    queryKey: ['ketang', 'lessons-by-tag', term?.name ?? '', term?.kind ?? ''],
    queryFn: ({ signal }) =>
      api.call(APP_ROUTES.ketang.getLessonsByTag, { query: { tag: termLessonTags(term!) } }, { signal }),
    enabled: term !== null,
    staleTime: STALE,
  });
}
