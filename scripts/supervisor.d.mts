/** The pause before the `crashes`-th restart in a row, in milliseconds. */
export function restartPause(crashes: number): number;
/** Runs `serverModule` (a file path) in a child process and keeps it running. */
export function supervise(serverModule: string): void;
