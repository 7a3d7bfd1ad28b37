import { getPublicSettings } from '@portal/contract/calls/settings';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../deps.ts';
import { cacheFor } from '../../http/conditional-get.ts';
import { registerCall } from '../../http/register-call.ts';
import { PUBLIC_SETTINGS_TTL_MS } from './service.ts';

/**
 * The browser keeps the public settings as long as an instance does (PUBLIC_SETTINGS_TTL_MS), so a
 * visitor sees an operator's change within twice that; `private` because the answer's encoding
 * follows the request's Accept and Accept-Language (named in Vary), which a shared cache could mix.
 */
export const PUBLIC_SETTINGS_CACHE_CONTROL = `private, max-age=${PUBLIC_SETTINGS_TTL_MS / 1000}`;

export function registerSettings(app: FastifyInstance, services: Services) {
  const { settings } = services;
  registerCall(app, getPublicSettings, ({ reply }) => {
    cacheFor(reply, PUBLIC_SETTINGS_CACHE_CONTROL, 'accept, accept-language');
    return settings.publicSettings();
  });
}
