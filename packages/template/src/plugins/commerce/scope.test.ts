import { describe, expect, it } from 'vitest';
import { fakeContext } from '../../testing/fake-context';
import { getPath, Scope } from './scope';

describe('getPath', () => {
  it.each([
    [{ a: { b: [1, { c: 'x' }] } }, ['a', 'b', 1, 'c'], 'x'],
    [{ a: [5, 6] }, ['a', '1'], 6],
    [{ a: null }, ['a', 'b'], undefined],
    [{ a: 1 }, ['toString'], undefined],
    [[1, 2], ['length'], undefined],
  ])('%j %j', (start, path, expected) => {
    expect(getPath(start, path)).toBe(expected);
  });
});

describe('Scope', () => {
  const ctx = fakeContext({ root: { outer: 'root', shared: 'root' } });

  it('resolves innermost first, then outward to the render', () => {
    const scope = new Scope(ctx, [{ shared: 'data' }]).push({ own: 'view' });
    expect(scope.resolve('own')).toBe('view');
    expect(scope.resolve('shared')).toBe('data');
    expect(scope.resolve('outer')).toBe('root');
    expect(scope.resolve('nothing')).toBeUndefined();
  });

  it('stops at a key that is present even when its value is missing', () => {
    const scope = new Scope(ctx, [{ outer: undefined }]);
    expect(scope.resolve('outer')).toBeUndefined();
  });

  it('descends later segments only from the value found', () => {
    const scope = new Scope(ctx, [{ a: { b: 1 } }]);
    expect(scope.resolve('a.b')).toBe(1);
    expect(scope.resolve('a.c')).toBeUndefined();
  });
});
