// A paged list read whole (spec: "pages are read from page 1 until all are read"), and the small
// changes that keep it right after an action until it is read again.

/** The largest page the server gives (pageQuery's page_size maximum): the fewest calls. */
export const PAGE_SIZE = 100;
/** The last page the server accepts (pageQuery's page maximum): a longer list stops there. */
const LAST_PAGE = 10_000;

/** One page of a list, as the server answers it. */
export interface ListPage<T> {
  items: T[];
  page: number;
  page_size: number;
  total: number;
}

/** Every item of a list, and its total as the first page gave it (the count a tab shows). */
export interface WholeList<T> {
  items: T[];
  total: number;
}

/**
 * Reads pages 1, 2, ... until `page * page_size >= total` (or a page comes back empty). An item seen
 * on an earlier page is not added twice: a row added meanwhile shifts the pages by one.
 */
export async function readAllPages<T>(
  readPage: (page: number) => Promise<ListPage<T>>,
  keyOf: (item: T) => string,
): Promise<WholeList<T>> {
  const first = await readPage(1);
  const seen = new Set<string>();
  const items: T[] = [];
  const add = (page: ListPage<T>) => {
    for (const item of page.items) {
      const key = keyOf(item);
      if (seen.has(key)) continue;
      seen.add(key);
      items.push(item);
    }
  };
  add(first);
  let last = first;
  while (last.items.length > 0 && last.page * last.page_size < last.total && last.page < LAST_PAGE) {
    last = await readPage(last.page + 1);
    add(last);
  }
  return { items, total: first.total };
}

/** The list without the items `drop` picks; the total goes down by as many. */
export function without<T>(list: WholeList<T>, drop: (item: T) => boolean): WholeList<T> {
  const items = list.items.filter((item) => !drop(item));
  const removed = list.items.length - items.length;
  return removed === 0 ? list : { items, total: Math.max(0, list.total - removed) };
}

/** The list with `item` first (the lists are newest first), unless `same` finds it there already. */
export function withFirst<T>(list: WholeList<T>, item: T, same: (other: T) => boolean): WholeList<T> {
  if (list.items.some(same)) return list;
  return { items: [item, ...list.items], total: list.total + 1 };
}
