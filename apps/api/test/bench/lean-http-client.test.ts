// bench:api's load generator reads answers itself (bench/lean-http-client.ts): its figures are only
// right if it reads every answer whole, however the server frames and splits it, and no further.
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { LeanHttpConnection } from '../../bench/lean-http-client.js';

let server: http.Server | net.Server | undefined;
let connection: LeanHttpConnection | undefined;

async function serve(
  handler: http.RequestListener,
): Promise<{ port: number; sockets: () => number; http: http.Server }> {
  let sockets = 0;
  const httpServer = http.createServer(handler);
  server = httpServer;
  httpServer.on('connection', () => (sockets += 1));
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  return { port: (httpServer.address() as AddressInfo).port, sockets: () => sockets, http: httpServer };
}

afterEach(async () => {
  connection?.close();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('LeanHttpConnection', () => {
  it('reads answers with a length whole, one after another on one socket', async () => {
    const body = Buffer.alloc(3_000_000, 7);
    const { port, sockets } = await serve((request, response) => {
      response.setHeader('content-length', request.url === '/big' ? body.length : 5);
      response.end(request.url === '/big' ? body : 'small');
    });
    connection = new LeanHttpConnection('127.0.0.1', port);
    expect(await connection.get('/big', {})).toEqual({ status: 200, bytes: body.length });
    expect(await connection.get('/small', {})).toEqual({ status: 200, bytes: 5 });
    expect(await connection.get('/big', {})).toEqual({ status: 200, bytes: body.length });
    expect(sockets()).toBe(1);
  });

  it('counts the data of chunked answers, not their framing, however the chunks are split', async () => {
    const sizes = [1, 15, 16, 255, 4096, 65_537, 300_000, 3];
    const { port } = await serve(async (_request, response) => {
      for (const size of sizes) {
        response.write(Buffer.alloc(size, 1));
        await wait(2); // separate reads: chunk-size lines and CRLFs land at the ends of reads
      }
      response.end();
    });
    connection = new LeanHttpConnection('127.0.0.1', port);
    const total = sizes.reduce((sum, size) => sum + size, 0);
    expect(await connection.get('/chunks', {})).toEqual({ status: 200, bytes: total });
    expect(await connection.get('/chunks', {})).toEqual({ status: 200, bytes: total });
  });

  it('sends the headers it is given and takes a 304 without a body', async () => {
    const { port } = await serve((request, response) => {
      if (request.headers['if-none-match'] === '"v1"') {
        response.statusCode = 304;
        response.end();
        return;
      }
      response.setHeader('content-length', 2);
      response.end('ok');
    });
    connection = new LeanHttpConnection('127.0.0.1', port);
    expect(await connection.get('/', { 'if-none-match': '"v1"' })).toEqual({ status: 304, bytes: 0 });
    expect(await connection.get('/', {})).toEqual({ status: 200, bytes: 2 });
  });

  it('opens a new socket after the server closed an idle one', async () => {
    const { port, sockets, http: httpServer } = await serve((_request, response) => response.end('hi'));
    connection = new LeanHttpConnection('127.0.0.1', port);
    expect((await connection.get('/', {})).bytes).toBe(2);
    httpServer.closeIdleConnections();
    await wait(100);
    expect((await connection.get('/', {})).bytes).toBe(2);
    expect(sockets()).toBe(2);
  });

  it('reads an answer sent one byte at a time: head, chunk sizes, CRLFs and the last chunk split anywhere', async () => {
    const answer =
      'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\nx-pad: ' +
      'p'.repeat(40) +
      '\r\n\r\n5\r\nhello\r\n1;ext=1\r\n!\r\na\r\n0123456789\r\n0\r\n\r\n';
    server = net.createServer((socket) => {
      socket.once('data', async () => {
        for (const byte of Buffer.from(answer)) {
          socket.write(Buffer.of(byte));
          await wait(1);
        }
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    connection = new LeanHttpConnection('127.0.0.1', (server.address() as AddressInfo).port);
    expect(await connection.get('/', {})).toEqual({ status: 200, bytes: 16 });
  });

  it('fails, and does not hang, on bytes after a whole answer, and on a 304 that claims a body', async () => {
    server = net.createServer((socket) => {
      socket.once('data', () => socket.write('HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nokSTRAY'));
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    connection = new LeanHttpConnection('127.0.0.1', (server.address() as AddressInfo).port);
    await expect(connection.get('/', {})).rejects.toThrow(/bytes after the answer/);
    await new Promise((resolve) => server?.close(resolve));
    server = net.createServer((socket) => {
      socket.on('data', () =>
        socket.write('HTTP/1.1 304 Not Modified\r\ntransfer-encoding: chunked\r\ncontent-length: 9\r\n\r\n'),
      );
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    connection = new LeanHttpConnection('127.0.0.1', (server.address() as AddressInfo).port);
    expect(await connection.get('/', {})).toEqual({ status: 304, bytes: 0 });
    expect(await connection.get('/', {})).toEqual({ status: 304, bytes: 0 });
  });

  it('fails a request whose answer is cut off', async () => {
    const { port } = await serve((request, response) => {
      response.setHeader('content-length', 1000);
      response.write('only a part');
      setTimeout(() => request.socket.destroy(), 20);
    });
    connection = new LeanHttpConnection('127.0.0.1', port);
    await expect(connection.get('/', {})).rejects.toThrow(/closed the connection/);
  });
});
