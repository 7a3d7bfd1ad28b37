// A real SMTP server on loopback (smtp-server) that can misbehave: it refuses a share of the
// deliveries for now (451, or 421 and the connection closed) or drops the connection after the
// message's data without answering, so the sender cannot know whether it went through. It keeps
// only what it accepted (answered 250), as a mail server does.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { SMTPServerSession } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  messageId: string | null;
}

export interface SmtpPeerOptions {
  /** Share of deliveries that fail (0..1), each one way of the three at random. */
  faultRate?: number;
  /** Refuses every delivery with this code until set to null (e.g. 550: for good, 451: for now). */
  refuseWith?: number | null;
  random?: () => number;
}

export interface SmtpPeer {
  url: string;
  received: ReceivedMail[];
  faults: { refused: number; closed: number; dropped: number };
  options: SmtpPeerOptions;
  close(): Promise<void>;
}

type Connection = { session?: { id?: string }; _socket?: { destroy(): void } };

function smtpError(message: string, responseCode: number): Error {
  return Object.assign(new Error(message), { responseCode });
}

export async function startSmtpPeer(options: SmtpPeerOptions = {}): Promise<SmtpPeer> {
  const random = options.random ?? Math.random;
  const received: ReceivedMail[] = [];
  const faults = { refused: 0, closed: 0, dropped: 0 };
  const dropAfterData = new Set<string>();
  const server: SMTPServer = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, session: SMTPServerSession, callback) {
      if (peer.options.refuseWith) return callback(smtpError('Refused by the test peer', peer.options.refuseWith));
      if (random() >= (peer.options.faultRate ?? 0)) return callback();
      const way = Math.floor(random() * 3);
      if (way === 0) {
        faults.refused++;
        return callback(smtpError('Try again later', 451));
      }
      if (way === 1) {
        faults.closed++;
        return callback(smtpError('Closing the connection', 421));
      }
      faults.dropped++;
      dropAfterData.add(session.id);
      return callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        if (dropAfterData.delete(session.id)) {
          // Gone without an answer: the message is not accepted, and the sender cannot tell.
          const connections = (server as unknown as { connections: Set<Connection> }).connections;
          for (const connection of connections) {
            if (connection.session?.id === session.id) connection._socket?.destroy();
          }
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          messageId: /^Message-ID: *(<[^>]+>)/im.exec(raw)?.[1] ?? null,
        });
        callback();
      });
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const peer: SmtpPeer = {
    url: `smtp://127.0.0.1:${port}`,
    received,
    faults,
    options,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return peer;
}
