// A captcha provider's verify endpoint on 127.0.0.1, speaking the siteverify protocol the three
// providers share: a form POST (secret, response, remoteip) answered {success, error-codes}. It
// passes a response token only while `passing` is true and only for the secret and token it was
// given; otherwise it answers as a provider does for a bad token. While `outOfService`, it answers
// 503 with a page instead, as a provider that is down does (the token cannot be checked).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SiteverifyPeer {
  /** The address to configure as CAPTCHA_VERIFY_URL. */
  url: string;
  /** Whether the peer accepts the right token now (false: it refuses every token). */
  passing: boolean;
  /** Whether it answers 503 with a page instead of the protocol's JSON. */
  outOfService: boolean;
  /** The forms it received, in order. */
  received: URLSearchParams[];
  close: () => Promise<void>;
}

export async function startSiteverifyPeer(expected: { secret: string; token: string }): Promise<SiteverifyPeer> {
  const received: URLSearchParams[] = [];
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const form = new URLSearchParams(text);
      received.push(form);
      if (peer.outOfService) {
        response.statusCode = 503;
        response.setHeader('content-type', 'text/html');
        response.end('<h1>Service unavailable</h1>');
        return;
      }
      const accepted =
        peer.passing &&
        request.method === 'POST' &&
        form.get('secret') === expected.secret &&
        form.get('response') === expected.token;
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify(accepted ? { success: true } : { success: false, 'error-codes': ['invalid-input-response'] }),
      );
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  const peer: SiteverifyPeer = {
    url: `http://127.0.0.1:${port}/siteverify`,
    passing: true,
    outOfService: false,
    received,
    close: () => new Promise<void>((done, fail) => server.close((error) => (error ? fail(error) : done()))),
  };
  return peer;
}
