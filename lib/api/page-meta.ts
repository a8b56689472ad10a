import 'server-only';

// The paging metadata of a list answer (spec: page, nextPage, previousPage, perPage, totalCount).

/** The page's neighbours (null at either end) and the collection's size. */
export function pageMeta(page: number, perPage: number, total: number) {
  const last = Math.max(1, Math.ceil(total / perPage));
  return {
    page,
    nextPage: page < last ? page + 1 : null,
    previousPage: page > 1 ? Math.min(page - 1, last) : null,
    perPage,
    totalCount: total,
  };
}

/** pageMeta of a collection with one fixed order, which the list metadata names (spec: sortBy, order). */
export function sortedPageMeta(page: number, perPage: number, total: number, sortBy: string, order: 'asc' | 'desc') {
  return { ...pageMeta(page, perPage, total), sortBy, order };
}
