// The baseline: a bare node:http server answering every request with the bytes and headers the
// parent hands it (taken from the real server), with no routing, hooks or plugins. Like
// serve-app.ts it runs in its own process and reports its port over IPC.
import http from "node:http";

type Init = { type: "init"; body: string; headers: Record<string, string> };

function isInit(message: unknown): message is Init {
  return typeof message === "object" && message !== null && (message as Init).type === "init";
}

let server: http.Server | undefined;

function stop() {
  if (!server) process.exit(0);
  server.closeAllConnections();
  server.close(() => process.exit(0));
}

process.on("message", (message) => {
  if (message === "stop") return stop();
  if (!isInit(message) || server) return;
  const body = Buffer.from(message.body, "base64");
  const headers = { ...message.headers, "content-length": String(body.length) };
  server = http.createServer((_request, response) => {
    response.writeHead(200, headers);
    response.end(body);
  });
  // Same keep-alive as Fastify's default, so both servers keep connections the same way.
  server.keepAliveTimeout = 72_000;
  server.listen(0, "127.0.0.1", () => {
    const address = server?.address();
    process.send?.({
      type: "ready",
      port: typeof address === "object" && address ? address.port : 0,
    });
  });
});
process.once("disconnect", stop);
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
