import crypto from 'node:crypto';

/**
 * A value's canonical JSON: object keys sorted (by UTF-16 code units, as Array.prototype.sort does),
 * no spaces, arrays in their order, `undefined` members left out as JSON.stringify does. Two equal
 * snapshots always give the same text, whatever order their objects were built in, so a sent
 * quote's SHA-256 depends only on what it says (and anyone can recompute it from the stored text).
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sorted(value));
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : sorted(item)));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const member = (value as Record<string, unknown>)[key];
      if (member !== undefined) out[key] = sorted(member);
    }
    return out;
  }
  return value;
}

/** SHA-256 of a text's UTF-8 bytes, in lowercase hex (a version's content_hash). */
export function sha256Hex(text: string): string {
  return crypto.createHash('sha256').update(text, 'utf8').digest('hex');
}
