import { describe, expect, it } from 'vitest';
import { readAllPages, without, withFirst } from './paged-list.ts';
import type { ListPage } from './paged-list.ts';

/** A server list of `total` numbered items, answered `size` at a time; the pages asked are recorded. */
function server(total: number, size: number) {
  const asked: number[] = [];
  const all = Array.from({ length: total }, (_, i) => `item-${i + 1}`);
  const readPage = async (page: number): Promise<ListPage<string>> => {
    asked.push(page);
    return { items: all.slice((page - 1) * size, page * size), page, page_size: size, total };
  };
  return { asked, readPage };
}

const key = (item: string) => item;

describe('reading a paged list whole', () => {
  it('reads one page when it holds the whole list', async () => {
    const { asked, readPage } = server(3, 100);
    expect(await readAllPages(readPage, key)).toEqual({ items: ['item-1', 'item-2', 'item-3'], total: 3 });
    expect(asked).toEqual([1]);
  });

  it('reads from page 1 until every item is read', async () => {
    const { asked, readPage } = server(250, 100);
    const list = await readAllPages(readPage, key);
    expect(asked).toEqual([1, 2, 3]);
    expect(list.items).toHaveLength(250);
    expect(list.items.at(-1)).toBe('item-250');
    expect(list.total).toBe(250);
  });

  it('stops at the exact end of a full last page', async () => {
    const { asked, readPage } = server(200, 100);
    expect((await readAllPages(readPage, key)).items).toHaveLength(200);
    expect(asked).toEqual([1, 2]);
  });

  it('reads an empty list with one call', async () => {
    const { asked, readPage } = server(0, 100);
    expect(await readAllPages(readPage, key)).toEqual({ items: [], total: 0 });
    expect(asked).toEqual([1]);
  });

  it('follows the page size the server answers with', async () => {
    const { asked, readPage } = server(5, 2);
    expect((await readAllPages(readPage, key)).items).toHaveLength(5);
    expect(asked).toEqual([1, 2, 3]);
  });

  it('stops on an empty page even when the total says more', async () => {
    const asked: number[] = [];
    const readPage = async (page: number): Promise<ListPage<string>> => {
      asked.push(page);
      return { items: page === 1 ? ['a'] : [], page, page_size: 1, total: 10 };
    };
    expect(await readAllPages(readPage, key)).toEqual({ items: ['a'], total: 10 });
    expect(asked).toEqual([1, 2]);
  });

  it('keeps an item once when a later page repeats it', async () => {
    const pages: Record<number, string[]> = { 1: ['a', 'b'], 2: ['b', 'c'] };
    const readPage = async (page: number): Promise<ListPage<string>> => ({
      items: pages[page] ?? [],
      page,
      page_size: 2,
      total: 4,
    });
    expect((await readAllPages(readPage, key)).items).toEqual(['a', 'b', 'c']);
  });

  it('fails as the failing page does', async () => {
    const readPage = async (page: number): Promise<ListPage<string>> => {
      if (page === 2) throw new Error('offline');
      return { items: ['a'], page, page_size: 1, total: 2 };
    };
    await expect(readAllPages(readPage, key)).rejects.toThrow('offline');
  });
});

describe('changing a read list', () => {
  const list = { items: ['a', 'b', 'c'], total: 3 };

  it('drops items and counts them out of the total', () => {
    expect(without(list, (item) => item === 'b')).toEqual({ items: ['a', 'c'], total: 2 });
  });

  it('leaves the list as it is when nothing is dropped', () => {
    expect(without(list, (item) => item === 'x')).toBe(list);
  });

  it('adds an item first and counts it', () => {
    expect(withFirst(list, 'd', (item) => item === 'd')).toEqual({ items: ['d', 'a', 'b', 'c'], total: 4 });
  });

  it('does not add an item twice', () => {
    expect(withFirst(list, 'a', (item) => item === 'a')).toBe(list);
  });
});
