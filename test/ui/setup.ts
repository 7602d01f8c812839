/** Jest setup of the dom project: Testing Library's DOM matchers, plus `structuredClone`
 * (jsdom's global lacks it; browsers and Node have it; contracts' defaults use it). */
import '@testing-library/jest-dom';
import { deserialize, serialize } from 'node:v8';

if (typeof globalThis.structuredClone !== 'function') {
  globalThis.structuredClone = (<T>(value: T): T => deserialize(serialize(value)) as T) as typeof structuredClone;
}
