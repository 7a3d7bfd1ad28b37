// A local stand-in of a captcha provider (Turnstile's protocols) on 127.0.0.1, for the browser tests:
// - GET  /turnstile/v0/api.js   the widget script: window.turnstile.render / reset / remove with
//                               explicit rendering and the `onload` callback of its address;
// - GET  /turnstile/widget      the challenge frame the script renders: a checkbox that, when ticked,
//                               gets a token here and hands it to the page (postMessage), as the real
//                               widget's frame does;
// - POST /turnstile/token       issues a token (the frame's request, or a test's);
// - POST /siteverify            the siteverify form protocol (secret, response, remoteip):
//                               `failNext` answers fail first, then issued, unused tokens pass.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SiteverifyRequest {
  secret: string | null;
  response: string | null;
  remoteip: string | null;
  answer: { success: boolean; 'error-codes'?: string[] };
}

export interface CaptchaPeer {
  origin: string;
  scriptUrl: string;
  verifyUrl: string;
  /** Every siteverify request, in order, with the answer it got. */
  verifications: SiteverifyRequest[];
  /** Tokens the widget (or a test) was given, in order. */
  issued: string[];
  /** How many of the next siteverify requests fail with invalid-input-response. */
  failNext: number;
  close(): Promise<void>;
}

const SCRIPT = String.raw`(() => {
  const script = document.currentScript;
  const origin = new URL(script.src).origin;
  const widgets = new Map();
  let next = 0;
  window.addEventListener('message', (event) => {
    if (event.origin !== origin || !event.data || event.data.source !== 'captcha-peer') return;
    const widget = widgets.get(event.data.id);
    if (!widget || event.source !== widget.frame.contentWindow) return;
    if (event.data.token) widget.params.callback?.(event.data.token);
  });
  const frameUrl = (id, params) =>
    origin + '/turnstile/widget?' + new URLSearchParams({ id, sitekey: params.sitekey, language: params.language ?? 'auto', theme: params.theme ?? 'auto' });
  const find = (ref) => (ref === undefined ? [...widgets.values()][0] : widgets.get(String(ref)));
  window.turnstile = {
    render(container, params) {
      const element = typeof container === 'string' ? document.querySelector(container) : container;
      const id = String(++next);
      const frame = document.createElement('iframe');
      frame.title = 'Widget containing a security challenge';
      frame.src = frameUrl(id, params);
      frame.width = '300';
      frame.height = '65';
      frame.style.border = '0';
      frame.style.display = 'block';
      element.appendChild(frame);
      widgets.set(id, { id, frame, params });
      return id;
    },
    reset(ref) {
      const widget = find(ref);
      if (widget) widget.frame.src = frameUrl(widget.id, widget.params);
    },
    remove(ref) {
      const widget = find(ref);
      if (!widget) return;
      widget.frame.remove();
      widgets.delete(widget.id);
    },
    getResponse() {
      return undefined;
    },
  };
  const onload = new URL(script.src).searchParams.get('onload');
  if (onload && typeof window[onload] === 'function') window[onload]();
})();
`;

const LABELS: Record<string, { label: string; success: string; dir: 'ltr' | 'rtl' }> = {
  ar: { label: 'تحقق من أنك إنسان', success: 'تم!', dir: 'rtl' },
  en: { label: 'Verify you are human', success: 'Success!', dir: 'ltr' },
};

function widgetPage(id: string, language: string, theme: string): string {
  const { label, success, dir } = LABELS[language] ?? LABELS.en!;
  const [background, border, ink, muted] =
    theme === 'dark' ? ['#222', '#666', '#d9d9d9', '#9a9a9a'] : ['#fafafa', '#d0d0d0', '#232323', '#6b6b6b'];
  return `<!doctype html>
<html lang="${language === 'auto' ? 'en' : language}" dir="${dir}">
<head><meta charset="utf-8"><meta name="color-scheme" content="${theme === 'dark' ? 'dark' : 'light'}"><title>${label}</title>
<style>
  html, body { margin: 0; background: transparent; font: 14px system-ui, sans-serif; }
  label { box-sizing: border-box; display: flex; align-items: center; gap: 10px; height: 65px; padding: 0 14px;
          border: 1px solid ${border}; border-radius: 4px; background: ${background}; color: ${ink}; }
  input { width: 24px; height: 24px; margin: 0; }
  small { margin-inline-start: auto; color: ${muted}; }
</style></head>
<body><label><input type="checkbox" id="check"> <span>${label}</span> <small id="state" role="status">local peer</small></label>
<script>
  const check = document.getElementById('check');
  check.addEventListener('change', async () => {
    if (!check.checked) return;
    check.disabled = true;
    const { token } = await (await fetch('/turnstile/token', { method: 'POST' })).json();
    parent.postMessage({ source: 'captcha-peer', id: ${JSON.stringify(id)}, token }, '*');
    document.getElementById('state').textContent = ${JSON.stringify(success)};
  });
</script></body></html>`;
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => resolve(body));
  });

/** Starts the peer on 127.0.0.1; `secret` is the only secret its siteverify accepts. */
export async function startCaptchaPeer(secret: string): Promise<CaptchaPeer> {
  const used = new Set<string>();
  const server = createServer((request, response) => void handle(request, response));
  const peer: CaptchaPeer = {
    origin: '',
    scriptUrl: '',
    verifyUrl: '',
    verifications: [],
    issued: [],
    failNext: 0,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', peer.origin);
    const send = (status: number, type: string, body: string) => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(body);
    };
    if (request.method === 'GET' && url.pathname === '/turnstile/v0/api.js')
      return send(200, 'text/javascript; charset=utf-8', SCRIPT);
    if (request.method === 'GET' && url.pathname === '/turnstile/widget')
      return send(
        200,
        'text/html; charset=utf-8',
        widgetPage(
          url.searchParams.get('id') ?? '',
          url.searchParams.get('language') ?? 'auto',
          url.searchParams.get('theme') ?? 'auto',
        ),
      );
    if (request.method === 'POST' && url.pathname === '/turnstile/token') {
      const token = `peer-token-${peer.issued.length + 1}-${randomBytes(6).toString('hex')}`;
      peer.issued.push(token);
      return send(200, 'application/json', JSON.stringify({ token }));
    }
    if (request.method === 'POST' && url.pathname === '/siteverify') {
      const form = new URLSearchParams(await readBody(request));
      const token = form.get('response');
      let answer: SiteverifyRequest['answer'];
      if (form.get('secret') !== secret) answer = { success: false, 'error-codes': ['invalid-input-secret'] };
      else if (peer.failNext > 0) {
        peer.failNext -= 1;
        answer = { success: false, 'error-codes': ['invalid-input-response'] };
      } else if (!token || !peer.issued.includes(token))
        answer = { success: false, 'error-codes': ['invalid-input-response'] };
      else if (used.has(token)) answer = { success: false, 'error-codes': ['timeout-or-duplicate'] };
      else answer = { success: true };
      if (token) used.add(token);
      peer.verifications.push({ secret: form.get('secret'), response: token, remoteip: form.get('remoteip'), answer });
      return send(200, 'application/json', JSON.stringify(answer));
    }
    send(404, 'text/plain', 'not found');
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  peer.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  peer.scriptUrl = `${peer.origin}/turnstile/v0/api.js`;
  peer.verifyUrl = `${peer.origin}/siteverify`;
  return peer;
}
