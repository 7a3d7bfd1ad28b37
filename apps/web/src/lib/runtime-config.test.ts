// The runtime config comes with index.html (boot-data.ts); /config.json is asked only when the page
// did not carry a valid one.
import { describe, expect, it, vi } from 'vitest';
import { loadRuntimeConfig } from './runtime-config.ts';

const CONFIG = { apiKey: 'key-0001', hydraService: '/api', maintenanceMode: 'disabled', debug: 'enabled' };

describe('loadRuntimeConfig', () => {
  it("uses the page's config without asking the server", async () => {
    const fetcher = vi.fn<typeof fetch>();
    const config = await loadRuntimeConfig(fetcher, CONFIG);
    expect(config).toMatchObject({ apiKey: 'key-0001', hydraService: '/api', debug: 'enabled' });
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('asks /config.json when the page carried none or an invalid one', async () => {
    for (const inline of [undefined, { apiKey: '' }]) {
      const fetcher = vi.fn<typeof fetch>(async () => new Response(JSON.stringify({ ...CONFIG, debug: 'disabled' })));
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const config = await loadRuntimeConfig(fetcher, inline);
      expect(config.debug).toBe('disabled');
      expect(fetcher).toHaveBeenCalledWith('/config.json', expect.objectContaining({ cache: 'no-cache' }));
    }
  });

  it('fails when neither the page nor the server gives one', async () => {
    const fetcher = vi.fn<typeof fetch>(async () => new Response('down', { status: 500 }));
    await expect(loadRuntimeConfig(fetcher, undefined)).rejects.toThrow(/500/);
  });
});
