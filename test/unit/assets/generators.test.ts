/**
 * The committed images are exactly what the generator writes today (scripts/generate-assets/
 * images.ts): e.g. the colour ramps follow the engine's particle ramps, so a ramp changed in
 * src/ecs/despawnAnimation.ts without `npm run assets` fails here. (The meshes are checked
 * against the shared crit-zone table in assets.test.ts; the sounds need oggenc, absent in CI.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateImages } from '../../../scripts/generate-assets/images';

test('regenerated images are byte-identical to the committed ones', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aim-images-'));
  const write = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
  try {
    const files = generateImages(dir);
    expect(files.length).toBe(15);
    for (const f of files) {
      const committed = fs.readFileSync(path.resolve(__dirname, '../../../assets/images', f));
      expect(fs.readFileSync(path.join(dir, f)).equals(committed)).toBe(true);
    }
  } finally {
    write.mockRestore();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
