import { setFlagsFromString } from 'node:v8';

/**
 * V8's heap, sized for a till that runs all day beside its own window rather than for a batch job,
 * for the server and for every command (an import runs on the same machine while the till sells).
 *
 * By default V8 lets the young generation grow to two 16 MiB semi-spaces and the old generation to
 * a multiple of what survived its last full collection; a server that had answered a few thousand
 * catalogue pages held 160-175 MiB resident with 20-33 MiB of it live. These two limits, measured
 * on the 100k-product catalogue with eight clients:
 *
 * - `semi-space-growth-factor=1`: the young generation stays at its starting 1 MiB semi-spaces.
 *   Scavenges come more often and each is shorter, since a request's garbage is short-lived.
 * - `heap-growing-percent=100`: the old generation may grow to twice what survived (V8 picks up
 *   to four times when it sees a high allocation rate).
 *
 * Together they took resident memory after the bench's load from 157-169 to 111-123 MiB; page,
 * `per_page=20` and single-product throughput stayed within the run-to-run spread. The sales bench
 * measured 3-5 % fewer sales a second with the 1 MiB young generation (more scavenges). An import
 * of 50,000 products while eight tills sell peaked at 262 MiB instead of 441 MiB, in the same 12.7 s.
 *
 * Both are read by V8 each time it resizes, so they take effect when set at run time
 * (`--max-semi-space-size`, read once at start, does not). They apply to the whole process: the
 * headless server's, or the desktop app's main process that embeds it.
 */
export function keepHeapSmall(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
  setFlagsFromString('--heap-growing-percent=100');
}
