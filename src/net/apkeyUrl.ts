/**
 * Where the built APKey module is served: Vite emits `build/wasm/apkey.wasm` (compiled from
 * assembly/apkey.ts by `npm run build:wasm`, before `vite build`) as a hashed asset and this is
 * its URL. Imported dynamically by src/net/apkey.ts, only when a submission is signed.
 */
// no-inline: a data: URL would be refused by the page's CSP (connect-src 'self')
import apkeyWasmUrl from '../../build/wasm/apkey.wasm?url&no-inline';

export default apkeyWasmUrl;
