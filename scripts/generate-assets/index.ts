/**
 * `npm run assets`: regenerates every file under assets/ (sounds, meshes, images) from the
 * scripts beside this one. The output is committed: `npm start` never runs this. Needs
 * `oggenc` (Debian: `apt-get install vorbis-tools`) for the sounds. After a run, check
 * assets/README.md still lists every file (test/unit/assets/assets.test.ts checks it).
 */
import path from 'node:path';
import { generateSounds } from './sounds';
import { generateMeshes } from './meshes';
import { generateImages } from './images';

const root = path.resolve(process.cwd(), 'assets');
process.stdout.write('sounds:\n');
generateSounds(path.join(root, 'sounds'));
process.stdout.write('meshes:\n');
await generateMeshes(path.join(root, 'meshes'));
process.stdout.write('images:\n');
generateImages(path.join(root, 'images'));
