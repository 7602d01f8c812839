import { readdirSync, readFileSync, statSync } from 'fs';
import { join } from 'path';
import { createRng } from '../../../src/ecs/rng';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

describe('ECS purity (DESIGN.md: imports bitecs and contracts only)', () => {
  const src = files(join(__dirname, '../../../src/ecs'));
  it('has source files', () => expect(src.length).toBeGreaterThan(10));
  for (const f of src) {
    it(`${f.split('/src/')[1]} uses no Babylon, DOM, React, clock or Math.random`, () => {
      const code = readFileSync(f, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      expect(code).not.toMatch(/Math\.random|Date\.now|performance\.now|@babylonjs|from 'react|document\.|window\./);
      const imports = [...code.matchAll(/from '([^']+)'/g)].map((m) => m[1]);
      for (const i of imports) expect(i === 'bitecs' || i.startsWith('.')).toBe(true);
      for (const i of imports.filter((x) => x.startsWith('..'))) {
        expect(i).not.toMatch(/\/(game|ui|state|net|input|audio|server)\//);
      }
    });
  }
});

describe('rng (sfc32)', () => {
  it('is reproducible per seed and differs between seeds', () => {
    const a = createRng(123), b = createRng(123), c = createRng(124);
    const sa = Array.from({ length: 5 }, () => a.next());
    const sb = Array.from({ length: 5 }, () => b.next());
    const sc = Array.from({ length: 5 }, () => c.next());
    expect(sa).toEqual(sb);
    expect(sa).not.toEqual(sc);
  });

  it('stays in [0, 1), range and int stay in bounds, and the mean is about 0.5', () => {
    const r = createRng(7);
    let sum = 0;
    for (let i = 0; i < 100000; i++) {
      const x = r.next();
      expect(x >= 0 && x < 1).toBe(true);
      sum += x;
    }
    expect(sum / 100000).toBeGreaterThan(0.49);
    expect(sum / 100000).toBeLessThan(0.51);
    for (let i = 0; i < 1000; i++) {
      const k = r.int(6);
      expect(Number.isInteger(k) && k >= 0 && k < 6).toBe(true);
      const y = r.range(-2, 3);
      expect(y >= -2 && y < 3).toBe(true);
    }
  });

  it('gives pinned values (bit-identical across platforms: 32-bit integer arithmetic only)', () => {
    const r = createRng(1);
    const v = [r.next(), r.next(), r.next()];
    expect(v.map((x) => Math.round(x * 4294967296))).toEqual(PINNED);
  });
});

// first three outputs of createRng(1) as uint32, recorded when the generator was written
const PINNED = [1828152527, 3394835397, 2967886022];
