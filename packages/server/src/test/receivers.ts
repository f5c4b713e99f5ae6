import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * What notifications are delivered to, for the delivery tests: a real SMTP server that keeps every
 * message, and a real HTTP server for webhooks and robots that keeps every request and answers as
 * told (a status, or no answer at all).
 */

export interface ReceivedMail {
  from: string;
  to: string[];
  headers: Record<string, string>;
  subject: string;
  messageId: string;
  text: string;
  html: string;
}

/** An SMTP server on 127.0.0.1 (no TLS, authentication optional and any password right). */
export async function startSmtpServer(port = 0) {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push(parseMail(Buffer.concat(chunks).toString('utf8'), session.envelope));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address() as AddressInfo;
  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpReceiver = Awaited<ReturnType<typeof startSmtpServer>>;

export interface ReceivedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** How the receiver answers a request: a status and body, or `hang` (never). */
export type Answer = { status: number; body?: string; delayMs?: number } | 'hang';

/** An HTTP server on 127.0.0.1 that keeps every request; `answer` decides each answer (200 `{"errcode":0}` by default). */
export async function startHttpReceiver(answer: (request: ReceivedRequest) => Answer = () => ({ status: 200 })) {
  const requests: ReceivedRequest[] = [];
  const hanging: ServerResponse[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const received = { path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      requests.push(received);
      const answered = receiver.answer(received);
      if (answered === 'hang') {
        hanging.push(response);
        return;
      }
      const end = () => response.writeHead(answered.status, { 'content-type': 'application/json' }).end(answered.body ?? '{"errcode":0,"errmsg":"ok"}');
      if (answered.delayMs) setTimeout(end, answered.delayMs);
      else end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const receiver = {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer,
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return receiver;
}
export type HttpReceiver = Awaited<ReturnType<typeof startHttpReceiver>>;

/** A raw message's headers, subject and text parts (enough of MIME for what nodemailer writes). */
function parseMail(raw: string, envelope: { mailFrom: false | { address: string }; rcptTo: { address: string }[] }): ReceivedMail {
  const { headers, body } = splitHeaders(raw);
  const parts = headers['content-type']?.startsWith('multipart/') ? multipartOf(body, headers['content-type']) : [{ headers, body }];
  const partOf = (type: string) => parts.find((part) => (part.headers['content-type'] ?? 'text/plain').startsWith(type));
  return {
    from: envelope.mailFrom ? envelope.mailFrom.address : '',
    to: envelope.rcptTo.map((rcpt) => rcpt.address),
    headers,
    subject: decodeWords(headers.subject ?? ''),
    messageId: headers['message-id'] ?? '',
    text: decodeBody(partOf('text/plain')),
    html: decodeBody(partOf('text/html')),
  };
}

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const end = raw.indexOf('\r\n\r\n');
  const head = end < 0 ? raw : raw.slice(0, end);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body: end < 0 ? '' : raw.slice(end + 4) };
}

function multipartOf(body: string, contentType: string): { headers: Record<string, string>; body: string }[] {
  const boundary = /boundary="?([^";]+)"?/.exec(contentType)?.[1];
  if (!boundary) return [];
  return body
    .split(`--${boundary}`)
    .slice(1, -1)
    .flatMap((part) => {
      const parsed = splitHeaders(part.replace(/^\r\n/, ''));
      const type = parsed.headers['content-type'] ?? '';
      return type.startsWith('multipart/') ? multipartOf(parsed.body, type) : [parsed];
    });
}

function decodeBody(part: { headers: Record<string, string>; body: string } | undefined): string {
  if (!part) return '';
  const encoding = (part.headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return quotedPrintable(part.body.replace(/=\r\n/g, ''));
  return part.body;
}

function quotedPrintable(text: string): string {
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const hex = text.slice(index + 1, index + 3);
    if (text[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else bytes.push(...Buffer.from(text[index]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?B?...?= and =?UTF-8?Q?...?=), adjacent ones joined. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[\w-]+\?([BQ])\?([^?]*)\?=/gi, (_whole, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : quotedPrintable(text.replace(/_/g, ' ')),
    );
}
