// The runtime configuration the server publishes at /config.json (spec 000 §3 "Other") and writes
// into index.html (boot-data.ts).
import { z } from 'zod';
import { bootData } from './boot-data.ts';
import { captchaConfigSchema } from './captcha/captcha-config.ts';

const onOff = z.enum(['enabled', 'disabled']).catch('disabled');

export const runtimeConfigSchema = z.object({
  apiKey: z.string().min(1),
  hydraService: z.string().min(1),
  sentryDsn: z.string().default(''),
  sentryEnv: z.string().default(''),
  gtm: z.string().default(''),
  maintenanceMode: onOff,
  debug: onOff,
  links: z
    .object({
      privacyPolicy: z.string(),
      termsOfUse: z.string(),
      adChoices: z.string(),
      doNotSell: z.string(),
      support: z.string(),
    })
    .partial()
    .default({}),
  /** The captcha widget to render; absent when no captcha is configured. */
  captcha: captchaConfigSchema.optional().catch(undefined),
});
export type RuntimeConfig = z.output<typeof runtimeConfigSchema>;

/** The config index.html carries, else /config.json (revalidated with its ETag). */
export async function loadRuntimeConfig(
  fetcher: typeof fetch = fetch,
  inline: unknown = bootData().config,
): Promise<RuntimeConfig> {
  if (inline !== undefined) {
    const parsed = runtimeConfigSchema.safeParse(inline);
    if (parsed.success) return parsed.data;
    console.warn('the runtime config of index.html is not valid; asking /config.json', parsed.error);
  }
  const response = await fetcher('/config.json', { headers: { accept: 'application/json' }, cache: 'no-cache' });
  if (!response.ok) throw new Error(`config.json answered ${response.status}`);
  return runtimeConfigSchema.parse(await response.json());
}

export const isMaintenance = (config: RuntimeConfig) => config.maintenanceMode === 'enabled';
export const isDebug = (config: RuntimeConfig) => config.debug === 'enabled';
