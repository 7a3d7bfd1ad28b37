import { getLocation } from '@portal/contract/calls/accounts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerCall } from '../../http/register-call.ts';
import { locate } from './location.ts';

export function registerAccounts(app: FastifyInstance, deps: Deps) {
  const options = {
    countryHeader: deps.config.GEO_COUNTRY_HEADER,
    subdivisionHeader: deps.config.GEO_SUBDIVISION_HEADER,
    defaultCountry: deps.config.DEFAULT_COUNTRY,
  };
  registerCall(app, getLocation, async ({ request }) => locate(request, options));
}
