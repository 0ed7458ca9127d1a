import { ptSortKey } from "./sort";

/**
 * Which page of a list to read. Page 1 has no cursor; "Próxima" carries the id of the last
 * row shown (after) and "Anterior" the id of the first (before), so a deep page reads its
 * twenty rows from the sort's index instead of skipping every row before it. A page number
 * without a cursor (an old ?pagina= link) is still served, by offset.
 */
export type PageRequest = { page: number; after?: string; before?: string };

export type KeysetPage<T> = { rows: T[]; hasMore: boolean; page: number };

/** A page's SQL pieces: its WHERE condition, ORDER BY and OFFSET, and the cursor's id to bind. */
type PageSql = { where: string; orderBy: string; offset: number; cursor: string | null };

/**
 * The WHERE condition, ORDER BY and OFFSET of one page of a list in the accent-folded name
 * order (`ptSortKey(name), name, id`, which an expression index of the same columns serves).
 * `cursorParam` is the placeholder the cursor's id is bound to. A table read through a
 * row-level policy names its stored sort key (`sortKeyColumn`, the same expression kept by
 * the table): PostgreSQL lets the cursor condition into the index only when it holds no
 * function that is not leakproof, and `lower`/`translate` are not, so the expression's
 * condition was checked on every row from the list's start (20261126000700_city_keyset.sql).
 */
export function nameOrderPage(
  table: string,
  alias: string,
  nameColumn: string,
  request: PageRequest,
  cursorParam: string,
  pageSize: number,
  sortKeyColumn?: string,
): PageSql {
  const sortKey = (a: string) => (sortKeyColumn ? `${a}.${sortKeyColumn}` : ptSortKey(`${a}.${nameColumn}`));
  return orderedPage({ table, alias, parts: (a) => [sortKey(a), `${a}.${nameColumn}`, `${a}.id`], id: "id", forward: "ASC" }, request, cursorParam, pageSize);
}

/**
 * The page from the rows read (one more than the page holds, to know whether another page
 * follows). Read backwards, they are put back in order; a backwards read that finds no
 * earlier row than a full page is page 1, whatever number the link carried.
 */
export function keysetPage<T>(rows: T[], request: PageRequest, pageSize: number): KeysetPage<T> {
  if (request.before) {
    const earlier = rows.length > pageSize;
    return { rows: rows.slice(0, pageSize).reverse(), hasMore: true, page: earlier ? Math.max(request.page, 2) : 1 };
  }
  return { rows: rows.slice(0, pageSize), hasMore: rows.length > pageSize, page: request.page };
}

/**
 * nameOrderPage's pieces for a list shown newest first (`created_at DESC, id DESC`, which a
 * `(created_at DESC, id DESC)` index serves): "Próxima" reads the rows older than the cursor's,
 * "Anterior" the newer ones. `id` names the row's id column where it is not `id` (a favorite is
 * known by its item's); `filter` narrows the cursor's own row (e.g. to its owner's list).
 */
export function newestOrderPage(
  table: string,
  alias: string,
  request: PageRequest,
  cursorParam: string,
  pageSize: number,
  { id = "id", filter }: { id?: string; filter?: string } = {},
): PageSql {
  const parts = (a: string) => [`${a}.created_at`, `${a}.${id}`];
  return orderedPage({ table, alias, parts, id, filter, forward: "DESC" }, request, cursorParam, pageSize);
}

/**
 * The same pieces for a list shown oldest first (`created_at ASC, id ASC`, which an index of
 * those columns serves): a thread of comments (issue #30). "Próxima" reads the rows newer
 * than the cursor's, "Anterior" the older ones (read newest first, then put back in order).
 */
export function oldestOrderPage(
  table: string,
  alias: string,
  request: PageRequest,
  cursorParam: string,
  pageSize: number,
  { filter }: { filter?: string } = {},
): PageSql {
  const parts = (a: string) => [`${a}.created_at`, `${a}.id`];
  return orderedPage({ table, alias, parts, id: "id", filter, forward: "ASC" }, request, cursorParam, pageSize);
}

/**
 * The same pieces for a list in the order things happen (`starts_at ASC, id ASC`, which an index
 * of those columns serves): the town's agenda (issue #32). `filter` narrows the cursor's own row.
 */
export function startsOrderPage(
  table: string,
  alias: string,
  request: PageRequest,
  cursorParam: string,
  pageSize: number,
  { filter }: { filter?: string } = {},
): PageSql {
  const parts = (a: string) => [`${a}.starts_at`, `${a}.id`];
  return orderedPage({ table, alias, parts, id: "id", filter, forward: "ASC" }, request, cursorParam, pageSize);
}

/**
 * Both orders' page: the list read onwards (`forward`) from the start (by offset, an old
 * page number) or from after the cursor's row, or backwards from before it. `parts` are the
 * sort's columns as read from a row named `a` (the list's alias, or "c", the cursor's row).
 */
function orderedPage(
  order: { table: string; alias: string; parts: (a: string) => string[]; id: string; filter?: string; forward: "ASC" | "DESC" },
  request: PageRequest,
  cursorParam: string,
  pageSize: number,
): PageSql {
  const { table, alias, parts, forward } = order;
  const key = (a: string) => parts(a).join(", ");
  const orderBy = (direction: "ASC" | "DESC") => parts(alias).map((part) => `${part} ${direction}`).join(", ");
  const narrowed = order.filter ? ` AND ${order.filter}` : "";
  const cursorKey = `(SELECT ${key("c")} FROM ${table} c WHERE c.${order.id} = ${cursorParam}::uuid${narrowed})`;
  const [onwards, backwards] = forward === "ASC" ? [">", "<"] : ["<", ">"];
  if (request.after) {
    return { where: `(${key(alias)}) ${onwards} ${cursorKey}`, orderBy: orderBy(forward), offset: 0, cursor: request.after };
  }
  if (request.before) {
    return { where: `(${key(alias)}) ${backwards} ${cursorKey}`, orderBy: orderBy(forward === "ASC" ? "DESC" : "ASC"), offset: 0, cursor: request.before };
  }
  return { where: `${cursorParam}::uuid IS NULL`, orderBy: orderBy(forward), offset: (request.page - 1) * pageSize, cursor: null };
}
