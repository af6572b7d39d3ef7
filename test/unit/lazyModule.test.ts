import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyModule } from '../../src/ui/profile/lazyModule';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a module loaded on demand', () => {
  it('loads once, however often it is asked for', async () => {
    const importer = vi.fn(() => Promise.resolve({ answer: 42 }));
    const module = lazyModule(importer, 'The answer');
    const [first, second] = await Promise.all([module.load(), module.load()]);
    expect(first).toEqual({ answer: 42 });
    expect(second).toBe(first);
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('says when it did not load, and tries again when asked next', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const importer = vi
      .fn<() => Promise<{ answer: number }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ answer: 42 });
    const module = lazyModule(importer, 'The answer');
    expect(await module.load()).toBeNull();
    expect(warn).toHaveBeenCalledWith(
      'The answer did not load; the plain version stays.',
      expect.any(TypeError),
    );
    expect(await module.load()).toEqual({ answer: 42 });
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
