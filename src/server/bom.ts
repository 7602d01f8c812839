/**
 * The UTF-8 byte-order mark (issue 38 item 3): some tools and editors put EF BB BF before a JSON
 * text. It carries no meaning, and JSON (RFC 8259 section 8.1) lets a parser ignore it, so the
 * server strips it BEFORE parsing and before re-simulating a submission's exact bytes (the
 * worker's `JSON.parse` would fail with "Unexpected token" and the run would be stored
 * unverified). The APKey is checked against the exact bytes sent, and against them without the
 * mark (a client may sign either).
 */

/** The mark as bytes (EF BB BF) and as the one character U+FEFF it decodes to. */
export const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** `bytes` without a leading UTF-8 byte-order mark (a view of the same memory; the same object
 * when there is none). */
export function stripBomBytes<T extends Uint8Array>(bytes: T): T {
  return bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? (bytes.subarray(3) as T) : bytes;
}

/** `text` without a leading U+FEFF (a decoded byte-order mark). */
export function stripBomText(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
