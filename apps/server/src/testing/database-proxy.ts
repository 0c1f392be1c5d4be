import { createServer, type Server, Socket } from "node:net";

/**
 * A TCP proxy in front of PostgreSQL that a test can make misbehave as a deployment's database
 * does (docs/operations.md, "When the database goes away"), without touching the machine's
 * cluster, which other test files share.
 */
export interface DatabaseProxy {
  /** The database URL through the proxy. */
  url: string;
  /** Closes every open connection; new ones still go through (a network cut). */
  dropConnections(): void;
  /**
   * The local ports of the proxy's connections to PostgreSQL: `pg_stat_activity.client_port`
   * of the backends serving this proxy's clients, and no other test's.
   */
  upstreamPorts(): number[];
  /** Drops the open connections and closes every new one at once (the database is stopped). */
  stop(): void;
  /** Holds every byte both ways on old and new connections (a database that hangs). */
  hang(): void;
  /** Back to forwarding; held bytes go on. */
  resume(): void;
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  upstream: Socket | null;
}

export async function startDatabaseProxy(databaseUrl: string): Promise<DatabaseProxy> {
  const target = new URL(databaseUrl);
  const host = target.hostname;
  const port = Number(target.port || 5432);
  let mode: "forward" | "stopped" | "hung" = "forward";
  const pairs = new Set<Pair>();

  const connectUpstream = (pair: Pair) => {
    const upstream = new Socket();
    pair.upstream = upstream;
    upstream.connect(port, host);
    pair.client.pipe(upstream);
    upstream.pipe(pair.client);
    const end = () => {
      pair.client.destroy();
      upstream.destroy();
      pairs.delete(pair);
    };
    upstream.on("error", end).on("close", end);
    pair.client.on("error", end).on("close", end);
    if (mode === "hung") hold(pair);
  };
  const hold = (pair: Pair) => {
    pair.client.pause();
    pair.upstream?.pause();
  };
  const drop = (pair: Pair) => {
    pair.client.destroy();
    pair.upstream?.destroy();
    pairs.delete(pair);
  };

  const server: Server = createServer((client) => {
    if (mode === "stopped") {
      client.destroy();
      return;
    }
    const pair: Pair = { client, upstream: null };
    pairs.add(pair);
    client.on("error", () => drop(pair));
    if (mode === "hung") {
      // Accepted, never answered: the startup message waits with the rest.
      client.pause();
      return;
    }
    connectUpstream(pair);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("proxy has no port");
  const proxied = new URL(databaseUrl);
  proxied.hostname = "127.0.0.1";
  proxied.port = String(address.port);

  return {
    url: proxied.toString(),
    dropConnections() {
      for (const pair of [...pairs]) drop(pair);
    },
    upstreamPorts() {
      return [...pairs].flatMap((pair) => pair.upstream?.localPort ?? []);
    },
    stop() {
      mode = "stopped";
      for (const pair of [...pairs]) drop(pair);
    },
    hang() {
      mode = "hung";
      for (const pair of pairs) hold(pair);
    },
    resume() {
      mode = "forward";
      for (const pair of [...pairs]) {
        if (pair.upstream === null) connectUpstream(pair);
        pair.client.resume();
        pair.upstream?.resume();
      }
    },
    async close() {
      for (const pair of [...pairs]) drop(pair);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
