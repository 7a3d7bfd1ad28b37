// One platform sign-in at a time: a new attempt or Cancel ends the one under way.
import { describe, expect, it, vi } from 'vitest';
import { beginPopupAttempt, cancelPopupAttempt, currentPopupAttempt, finishPopupAttempt } from './popup-attempt.ts';

describe('the popup attempt under way', () => {
  it('is the latest one: starting another cancels the one before it', () => {
    const first = vi.fn();
    const a = beginPopupAttempt('psn', first);
    expect(currentPopupAttempt()).toEqual(a);
    const b = beginPopupAttempt('twitch', vi.fn());
    expect(first).toHaveBeenCalledOnce();
    expect(currentPopupAttempt()).toEqual(b);
    // The first one's end, when it comes, leaves the second alone.
    finishPopupAttempt(a);
    expect(currentPopupAttempt()).toEqual(b);
    finishPopupAttempt(b);
    expect(currentPopupAttempt()).toBeNull();
  });

  it("Cancel ends the attempt under way, and not a later one in a finished one's name", () => {
    const cancelled = vi.fn();
    const a = beginPopupAttempt('epic_games', cancelled);
    cancelPopupAttempt(a);
    expect(cancelled).toHaveBeenCalledOnce();
    finishPopupAttempt(a);
    const later = vi.fn();
    const b = beginPopupAttempt('discord', later);
    cancelPopupAttempt(a);
    expect(later).not.toHaveBeenCalled();
    cancelPopupAttempt();
    expect(later).toHaveBeenCalledOnce();
    finishPopupAttempt(b);
  });
});
