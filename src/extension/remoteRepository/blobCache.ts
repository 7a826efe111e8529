/**
 * File contents by blob id: an id names its bytes for ever, so a cached blob is never stale, and the same
 * file on two branches is fetched once. Bounded by bytes; the oldest blobs leave first.
 */
export class BlobCache {
  readonly #blobs = new Map<string, Promise<Uint8Array>>();
  readonly #sizes = new Map<string, number>();
  #bytes = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  get(sha: string, fetch: () => Promise<Uint8Array>): Promise<Uint8Array> {
    let blob = this.#blobs.get(sha);
    if (blob === undefined) {
      blob = fetch();
      this.#blobs.set(sha, blob);
      blob.then(
        (bytes) => this.#account(sha, bytes.byteLength),
        () => this.#blobs.delete(sha),
      );
    }
    return blob;
  }

  #account(sha: string, size: number): void {
    if (!this.#blobs.has(sha)) return;
    this.#sizes.set(sha, size);
    this.#bytes += size;
    for (const [oldest, bytes] of this.#sizes) {
      if (this.#bytes <= this.maxBytes || oldest === sha) break;
      this.#sizes.delete(oldest);
      this.#blobs.delete(oldest);
      this.#bytes -= bytes;
    }
  }
}
