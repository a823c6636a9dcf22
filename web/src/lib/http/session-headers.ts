// Session-consistency headers (docs/wire-protocol.md): response headers starting with x-cosmos are kept and resent.
export const SessionHeaderPrefix = 'x-cosmos';

export class SessionHeaderStore {
  private readonly values = new Map<string, string>();

  /** Keeps every x-cosmos* header of a response, matching the prefix in any case. */
  capture(headers: Headers): void {
    headers.forEach((value, name) => {
      if (name.toLowerCase().startsWith(SessionHeaderPrefix)) this.values.set(name.toLowerCase(), value);
    });
  }

  /** Keeps tokens that arrive inside a stream (cosmos-db-session-tokens event). */
  set(name: string, value: string): void {
    if (name.toLowerCase().startsWith(SessionHeaderPrefix)) this.values.set(name.toLowerCase(), value);
  }

  apply(headers: Headers): void {
    for (const [name, value] of this.values) headers.set(name, value);
  }

  clear(): void {
    this.values.clear();
  }
}
