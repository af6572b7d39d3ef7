import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newEmailProblem } from '../../src/ui/account/newEmailProblem';
import { useCooldown } from '../../src/ui/account/useCooldown';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useCooldown', () => {
  it('counts whole seconds down once a second, then stops its timer', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useCooldown(60_000));
    expect(result.current.secondsLeft).toBe(0);

    act(() => result.current.start());
    expect(result.current.secondsLeft).toBe(60);
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current.secondsLeft).toBe(59);
    act(() => vi.advanceTimersByTime(58_000));
    expect(result.current.secondsLeft).toBe(1);
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current.secondsLeft).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('starts over from the full wait when started again', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useCooldown(60_000));
    act(() => result.current.start());
    act(() => vi.advanceTimersByTime(30_000));
    expect(result.current.secondsLeft).toBe(30);
    act(() => result.current.start());
    expect(result.current.secondsLeft).toBe(60);
    act(() => vi.advanceTimersByTime(59_000));
    expect(result.current.secondsLeft).toBe(1);
  });

  it('reads the clock, so slowed-down timers do not stretch the wait', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useCooldown(60_000));
    act(() => result.current.start());
    // A background tab's timer fires late: the clock moved 45 s for one tick.
    act(() => {
      vi.setSystemTime(Date.now() + 44_000);
      vi.advanceTimersByTime(1_000);
    });
    expect(result.current.secondsLeft).toBe(15);
  });
});

describe('newEmailProblem', () => {
  it('takes the validation of any address, then refuses the current one, spaces and case aside', () => {
    expect(newEmailProblem('', 'ada@example.com')).toBe('Enter your email address.');
    expect(newEmailProblem('ada.example.com', 'ada@example.com')).toBe(
      'Enter a valid email address, like name@example.com.',
    );
    expect(newEmailProblem(' ADA@Example.com ', 'ada@example.com')).toBe(
      'This is already your email address. Enter a different one.',
    );
    expect(newEmailProblem(' ada@new.example ', 'ada@example.com')).toBeNull();
    expect(newEmailProblem('ada@new.example', null)).toBeNull();
  });
});
