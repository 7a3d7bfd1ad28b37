import { getPublicSettings } from '@portal/contract/calls/settings';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerCall } from '../../http/register-call.ts';
import { SettingsRepo } from './repo.ts';
import { SettingsService } from './service.ts';

export function registerSettings(app: FastifyInstance, deps: Deps) {
  const service = new SettingsService(new SettingsRepo(deps.db.orm), { debug: deps.config.debug });
  registerCall(app, getPublicSettings, () => service.publicSettings());
}
