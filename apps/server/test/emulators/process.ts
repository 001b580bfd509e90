/** An emulator run as its own process (main.ts): it closes its server on SIGINT or SIGTERM, once, then exits. */
export function closeOnSignal(emulator: { close(): Promise<void> }): void {
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      void emulator.close().then(() => process.exit(0));
    });
  }
}
