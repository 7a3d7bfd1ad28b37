import { getPublicSettings } from '@portal/contract/calls/settings';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../deps.ts';
import { registerCall } from '../../http/register-call.ts';

export function registerSettings(app: FastifyInstance, services: Services) {
  const { settings } = services;
  registerCall(app, getPublicSettings, () => settings.publicSettings());
}
