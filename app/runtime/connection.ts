/**
 * What the browser says about the connection (Network Information API, not
 * in every browser: unknown means "go ahead").
 */
export type ConnectionInfo = { saveData?: boolean; effectiveType?: string };

export function currentConnection(): ConnectionInfo | undefined {
  return (navigator as Navigator & { connection?: ConnectionInfo }).connection;
}

/** No prefetching with data saver on or on a 2g/slow-2g connection. */
export function allowsPrefetch(connection: ConnectionInfo | undefined): boolean {
  if (!connection) return true;
  return !connection.saveData && !/2g/.test(connection.effectiveType ?? "");
}

/** The route rules file is not worth its bytes on the slowest connections. */
export function allowsRouteRules(connection: ConnectionInfo | undefined): boolean {
  return connection?.effectiveType !== "slow-2g";
}
