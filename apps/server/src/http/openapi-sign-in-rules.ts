// The JSON Schema of the rules of the sign-in page's own schemas (contract calls/sessions.ts and
// entities.ts), which zod cannot write: registered here rather than beside the rules, so that the
// sign-in page's JavaScript (120 KB budget, bench/bundle-size.mjs) does not carry the documentation.
// openapi.ts imports this file before it builds the document.
import { DEVICE_CODE_ALPHABET, DEVICE_CODE_LENGTH } from '@portal/contract/data/constants';
import { documented } from '@portal/contract/calls/documented';
import type { Documented, JsonSchema } from '@portal/contract/calls/documented';
import { deviceUserCode } from '@portal/contract/calls/entities';
import { redirectUri, refreshGrantFields } from '@portal/contract/calls/sessions';
import type { z } from 'zod';

/** Most characters a typed device code may have: its 9 letters and up to 3 hyphens (BCD-FGH-JKL). */
const DEVICE_CODE_TYPED_MAX = 12;
const REFUSED_SCHEMES = ['javascript', 'data', 'vbscript', 'file'];

function add(schema: z.ZodType, entry: Documented): void {
  const own = documented.get(schema);
  documented.add(schema, {
    ...own,
    ...entry,
    ...(entry.rules ? { rules: [...(own?.rules ?? []), ...entry.rules] } : {}),
  });
}

/** A letter of a scheme in either case (a JSON Schema pattern takes no `i` flag). */
const eitherCase = (word: string) => [...word].map((c) => `[${c}${c.toUpperCase()}]`).join('');
const letter = `[${DEVICE_CODE_ALPHABET}${DEVICE_CODE_ALPHABET.toLowerCase()}]`;

const typedDeviceCode: JsonSchema = {
  type: 'string',
  minLength: DEVICE_CODE_LENGTH,
  maxLength: DEVICE_CODE_TYPED_MAX,
  pattern: `^-*(?:${letter}-*){${DEVICE_CODE_LENGTH}}$`,
  description:
    `A user code: its ${DEVICE_CODE_LENGTH} letters of ${DEVICE_CODE_ALPHABET}, in either case, hyphens allowed ` +
    `anywhere (BCD-FGH-JKL), at most ${DEVICE_CODE_TYPED_MAX} characters.`,
};

add(deviceUserCode, { accepts: typedDeviceCode });
add(redirectUri, { rules: [{ not: { pattern: `^(?:${REFUSED_SCHEMES.map(eitherCase).join('|')}):` } }] });
add(refreshGrantFields, {
  rules: [
    { anyOf: [{ required: ['refresh_token'] }, { required: ['code'] }] },
    // JSON Schema cannot compare two values: the document asks for one of the two, the stricter rule
    // (the server also takes both when they name the same token).
    { not: { required: ['refresh_token', 'code'] } },
  ],
});
