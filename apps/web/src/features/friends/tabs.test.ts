import { describe, expect, it } from 'vitest';
import { redirectFor } from '../../lib/router/route-table.ts';
import { searchWithTab, tabAfterKey, tabFromSearch } from './tabs.ts';

describe('the tab in the address', () => {
  it('reads each tab', () => {
    expect(tabFromSearch('?tab=friends')).toBe('friends');
    expect(tabFromSearch('?tab=incoming')).toBe('incoming');
    expect(tabFromSearch('tab=outgoing')).toBe('outgoing');
    expect(tabFromSearch('?lang=en-US&tab=blocked')).toBe('blocked');
  });

  it('opens the friends list when no tab or an unknown one is named', () => {
    expect(tabFromSearch('')).toBe('friends');
    expect(tabFromSearch('?lang=en-US')).toBe('friends');
    expect(tabFromSearch('?tab=enemies')).toBe('friends');
    expect(tabFromSearch('?tab=')).toBe('friends');
  });

  it('opens the requests from the /friend-request redirect', () => {
    const to = redirectFor('/friend-request', '?a=1');
    expect(to).toBe('/friends?a=1&tab=incoming');
    expect(tabFromSearch(new URL(to ?? '', 'https://portal.test').search)).toBe('incoming');
  });

  it('sets the tab and keeps the rest of the query', () => {
    expect(searchWithTab('', 'blocked')).toBe('tab=blocked');
    expect(searchWithTab('?lang=en-US', 'incoming')).toBe('lang=en-US&tab=incoming');
    expect(searchWithTab('?a=1&tab=incoming', 'outgoing')).toBe('a=1&tab=outgoing');
  });
});

describe('moving between tabs with the keyboard', () => {
  it('goes to the next and previous tab with the arrows, wrapping around', () => {
    expect(tabAfterKey('friends', 'ArrowRight', false)).toBe('incoming');
    expect(tabAfterKey('blocked', 'ArrowRight', false)).toBe('friends');
    expect(tabAfterKey('incoming', 'ArrowLeft', false)).toBe('friends');
    expect(tabAfterKey('friends', 'ArrowLeft', false)).toBe('blocked');
  });

  it('follows the reading direction in right-to-left languages', () => {
    expect(tabAfterKey('friends', 'ArrowLeft', true)).toBe('incoming');
    expect(tabAfterKey('friends', 'ArrowRight', true)).toBe('blocked');
  });

  it('goes to the first and last tab with Home and End', () => {
    expect(tabAfterKey('outgoing', 'Home', false)).toBe('friends');
    expect(tabAfterKey('incoming', 'End', true)).toBe('blocked');
  });

  it('ignores other keys', () => {
    expect(tabAfterKey('friends', 'ArrowDown', false)).toBeNull();
    expect(tabAfterKey('friends', 'Enter', false)).toBeNull();
  });
});
