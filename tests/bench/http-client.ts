import http from 'node:http';

/** A keep-alive HTTP/1.1 client on loopback, like a browser tab's connection pool; bodies are read whole. */
export function httpClient(port: number, maxSockets = 8) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const request = (method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method,
          path,
          agent,
          headers:
            body === undefined ? headers : { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
          response.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  return { request, close: () => agent.destroy() };
}

/** One JSON request through a bench's keep-alive client: the status and the parsed body. */
export async function requestJson(
  client: ReturnType<typeof httpClient>,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const answer = await client.request(
    method,
    url,
    { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body === undefined ? undefined : JSON.stringify(body),
  );
  return { status: answer.status, body: answer.body ? JSON.parse(answer.body) : undefined };
}
