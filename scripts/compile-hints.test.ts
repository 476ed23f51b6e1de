import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addCompileHints, COMPILE_HINT } from './compile-hints';

describe('addCompileHints', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('puts the hint on the first line of every script chunk, once, and leaves other files alone', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'sluice-chunks-'));
    mkdirSync(path.join(dir, 'nested'));
    const chunk = '(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push([]);\n//# sourceMappingURL=a.js.map';
    writeFileSync(path.join(dir, 'a.js'), chunk);
    writeFileSync(path.join(dir, 'nested', 'b.js'), 'console.log(1)');
    writeFileSync(path.join(dir, 'a.js.map'), '{}');
    writeFileSync(path.join(dir, 'c.css'), 'a{}');

    expect(addCompileHints(dir)).toBe(2);
    expect(readFileSync(path.join(dir, 'a.js'), 'utf8')).toBe(`${COMPILE_HINT}\n${chunk}`);
    expect(readFileSync(path.join(dir, 'nested', 'b.js'), 'utf8')).toBe(`${COMPILE_HINT}\nconsole.log(1)`);
    expect(readFileSync(path.join(dir, 'a.js.map'), 'utf8')).toBe('{}');
    expect(readFileSync(path.join(dir, 'c.css'), 'utf8')).toBe('a{}');

    // A second run (a build step repeated) marks nothing twice.
    expect(addCompileHints(dir)).toBe(0);
    expect(readFileSync(path.join(dir, 'a.js'), 'utf8')).toBe(`${COMPILE_HINT}\n${chunk}`);
  });
});
