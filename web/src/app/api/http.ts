// The app's one fetch client. It is installed at start-up (install-http-client.ts) because it reads
// and writes the store, which itself is built from the API slice that uses this client.
import type { HttpClient } from '../../lib/http/http-client';

let client: HttpClient | null = null;

export const setHttpClient = (value: HttpClient): void => {
  client = value;
};

export const http = (): HttpClient => {
  if (!client) throw new Error('The HTTP client is used before start-up installed it.');
  return client;
};
