/**
 * Encrypted answers of public, payload-only endpoints (e.g. config/one 'line', asked on
 * every service-button tap by every user), kept for a short time and re-sent as is.
 *
 * Re-sending one cipher text is sound: AES-GCM breaks when one (key, iv) pair seals two
 * DIFFERENT plaintexts; here it seals one plaintext once and the same bytes are repeated,
 * which tells an observer only that two public answers are equal. Errors are never cached.
 * Measured: it saves the encryption (~15-20 µs under load) per hit (docs/benchmarks.md).
 */
const MAX_ENTRIES = 256;

export class ResponseCache {
  private readonly entries = new Map<string, { at: number; cipherText: string }>();

  constructor(private readonly ttlMs: number) {}

  get(key: string, now: number): string | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now - entry.at >= this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.cipherText;
  }

  set(key: string, cipherText: string, now: number): void {
    // Payloads are attacker-chosen: the bound keeps random keys from growing the map.
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { at: now, cipherText });
  }
}
