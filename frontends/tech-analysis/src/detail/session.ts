// sessionStorage that tolerates being unavailable (private modes, blocked storage): the server keeps its
// own once-per-reader records, so losing the mark only costs a repeated request.
export function readSession(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeSession(key: string, value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    // See above.
  }
}
