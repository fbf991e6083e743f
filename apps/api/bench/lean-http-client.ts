// The load generator's HTTP/1.1 connection: one keep-alive socket, one request at a time, every byte
// of the answer read from the socket and counted, none kept. It reads into one reused buffer
// (net's `onread`) and parses only the status line, the headers and chunk sizes, so that it costs
// the cores the server shares with it on loopback as little as it can: Node's http client spent
// 3-4 x the server's CPU on each multi-megabyte answer (an object and a 'data' event per 64 kB
// read), which made the bench time its own client more than the server.
import net from 'node:net';

export interface LeanAnswer {
  status: number;
  /** Bytes of the body as sent (coded, if the server coded it), without the chunk framing. */
  bytes: number;
}

const HEAD_END = Buffer.from('\r\n\r\n');
const MAX_HEAD = 64 * 1024;
const READ_BUFFER = 256 * 1024;

type Body =
  | { kind: 'length'; left: number }
  | { kind: 'chunked'; line: string; left: number; phase: 'size' | 'data' | 'data-end' | 'trailer' }
  | { kind: 'none' };

/** Parses a response head: its status and how its body is framed (HEAD and 1xx are not used here). */
function parseHead(head: string): { status: number; body: Body } {
  const lines = head.split('\r\n');
  const status = Number(lines[0]?.split(' ')[1]);
  if (!Number.isInteger(status)) throw new Error(`not an HTTP status line: ${lines[0]}`);
  let length: number | undefined;
  let chunked = false;
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line
      .slice(colon + 1)
      .trim()
      .toLowerCase();
    if (name === 'content-length') length = Number(value);
    if (name === 'transfer-encoding' && value.includes('chunked')) chunked = true;
  }
  // 204 and 304 have no body whatever their headers say (RFC 9112 §6.3).
  if (status === 204 || status === 304 || (!chunked && length === 0))
    return { status, body: { kind: 'none' } };
  if (chunked) return { status, body: { kind: 'chunked', line: '', left: 0, phase: 'size' } };
  if (length === undefined || !Number.isFinite(length))
    throw new Error('an answer with neither length nor chunks');
  return { status, body: { kind: 'length', left: length } };
}

export class LeanHttpConnection {
  private socket: net.Socket | undefined;
  private head: Buffer[] = [];
  private headLength = 0;
  private answer: { status: number; body: Body; bytes: number } | undefined;
  private pending: { resolve: (answer: LeanAnswer) => void; reject: (error: Error) => void } | undefined;
  private readonly buffer = Buffer.allocUnsafe(READ_BUFFER);

  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {}

  /** GET `path` with `headers`; resolves once the whole answer has been read. */
  get(path: string, headers: Record<string, string>): Promise<LeanAnswer> {
    if (this.pending) throw new Error('one request at a time on a connection');
    const socket = this.socket ?? this.connect();
    const lines = [`GET ${path} HTTP/1.1`, `host: ${this.host}:${this.port}`];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    return new Promise<LeanAnswer>((resolve, reject) => {
      this.pending = { resolve, reject };
      this.head = [];
      this.headLength = 0;
      this.answer = undefined;
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    });
  }

  close(): void {
    this.socket?.destroy();
    this.socket = undefined;
  }

  private connect(): net.Socket {
    const socket = net.connect({
      host: this.host,
      port: this.port,
      noDelay: true,
      // true: go on reading (false would pause the socket).
      onread: { buffer: this.buffer, callback: (length) => (this.onRead(length), true) },
    });
    // A socket closed between answers (the server's keep-alive timeout) is replaced by the next get.
    const ended = (error: Error) => {
      if (this.socket === socket) this.fail(error);
    };
    socket.on('error', ended);
    socket.on('close', () => ended(new Error('the server closed the connection during an answer')));
    this.socket = socket;
    return socket;
  }

  private fail(error: Error): void {
    const pending = this.pending;
    this.pending = undefined;
    this.answer = undefined;
    this.socket?.destroy();
    this.socket = undefined;
    pending?.reject(error);
  }

  /** Called with the bytes just read into the reused buffer, which the next read overwrites. */
  private onRead(length: number): void {
    try {
      let at = 0;
      if (!this.answer) at = this.readHead(length);
      if (this.answer && at < length) at = this.readBody(at, length);
      if (this.answer && this.isComplete()) {
        // Checked before the request is settled, so that fail() still finds it to reject.
        if (at < length) throw new Error('bytes after the answer: pipelining is not used');
        const { status, bytes } = this.answer;
        const pending = this.pending;
        this.pending = undefined;
        this.answer = undefined;
        pending?.resolve({ status, bytes });
      }
    } catch (error) {
      this.fail(error as Error);
    }
  }

  /** Collects the head; once it is whole, parses it and returns where the body starts in the buffer. */
  private readHead(length: number): number {
    // Only what can still be head is copied: a read of body bytes behind a short head stays put.
    const before = this.headLength;
    const take = Math.min(length, MAX_HEAD + HEAD_END.length - before);
    this.head.push(Buffer.from(this.buffer.subarray(0, take)));
    this.headLength += take;
    const sofar = Buffer.concat(this.head, this.headLength);
    const end = sofar.indexOf(HEAD_END);
    if (end < 0) {
      if (this.headLength >= MAX_HEAD + HEAD_END.length) throw new Error('an answer head over 64 kB');
      return length;
    }
    const { status, body } = parseHead(sofar.subarray(0, end).toString('latin1'));
    this.answer = { status, body, bytes: 0 };
    return end + HEAD_END.length - before;
  }

  private readBody(start: number, end: number): number {
    const answer = this.answer!;
    const body = answer.body;
    if (body.kind === 'none') return start;
    if (body.kind === 'length') {
      const take = Math.min(body.left, end - start);
      body.left -= take;
      answer.bytes += take;
      return start + take;
    }
    let at = start;
    while (at < end && body.phase !== 'trailer') {
      if (body.phase === 'data') {
        const take = Math.min(body.left, end - at);
        body.left -= take;
        answer.bytes += take;
        at += take;
        if (body.left === 0) body.phase = 'data-end';
        continue;
      }
      // A size line ("1f4\r\n") or the CRLF after a chunk's data: read up to the next LF.
      const newline = this.buffer.indexOf(10, at);
      const stop = newline < 0 || newline >= end ? end : newline + 1;
      body.line += this.buffer.toString('latin1', at, stop);
      at = stop;
      if (!body.line.endsWith('\n')) continue;
      const line = body.line.trim();
      body.line = '';
      if (body.phase === 'data-end') {
        body.phase = 'size';
        continue;
      }
      const size = parseInt(line.split(';')[0]!, 16);
      if (!Number.isInteger(size)) throw new Error(`not a chunk size: ${line}`);
      body.left = size;
      body.phase = size === 0 ? 'trailer' : 'data';
    }
    if (body.phase === 'trailer' && at < end) {
      // The last chunk's trailer section: no trailers are sent, so it is the final CRLF.
      body.line += this.buffer.toString('latin1', at, end);
      at = end;
    }
    return at;
  }

  private isComplete(): boolean {
    const body = this.answer!.body;
    if (body.kind === 'none') return true;
    if (body.kind === 'length') return body.left === 0;
    return body.phase === 'trailer' && body.line.endsWith('\r\n');
  }
}
