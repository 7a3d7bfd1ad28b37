// Flow states for unit tests: each flow with typical data, to spread over.
import type { DeviceRequest, FlowOf, GameFacts } from '../flow-state.ts';
import { NO_SIGN_UP } from '../flow-state.ts';

export const GAME: GameFacts = {
  slug: 'starfall-legends',
  name: 'Starfall Legends',
  credentials: 'email_code',
  requireCredentials: true,
  isUsernameEditable: true,
  flaggedAccountOauth: false,
  ageButtons: null,
};

export const DEVICE: DeviceRequest = {
  code: 'BCDFGHJKL',
  name: 'Living room console',
  authType: 'device',
  userFlowPlatform: null,
  userFlowRequired: false,
  userFlowDone: false,
};

export const oauthFlow = (over: Partial<FlowOf<'oauth'>> = {}): FlowOf<'oauth'> => ({
  flow: 'oauth',
  step: null,
  game: GAME,
  signUp: NO_SIGN_UP,
  request: {
    clientId: 'starfall-legends-pc',
    redirectUri: 'http://127.0.0.1/callback',
    codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    state: null,
    forceVerify: false,
    scope: null,
    prompt: null,
    nonce: null,
  },
  error: null,
  restriction: null,
  ...over,
});

export const deviceFlow = (over: Partial<FlowOf<'device'>> = {}): FlowOf<'device'> => ({
  flow: 'device',
  step: 'device_flow_init',
  game: GAME,
  signUp: NO_SIGN_UP,
  device: DEVICE,
  problem: null,
  restriction: null,
  stub: null,
  ...over,
});

export const connectionFlow = (over: Partial<FlowOf<'connection'>> = {}): FlowOf<'connection'> => ({
  flow: 'connection',
  step: 'connection_flow_init',
  game: null,
  signUp: NO_SIGN_UP,
  connection: { platform: 'twitch', selection: false, required: false, redirect: null },
  resumeDevice: null,
  ...over,
});

export const userFlow = (over: Partial<FlowOf<'user-flow'>> = {}): FlowOf<'user-flow'> => ({
  flow: 'user-flow',
  step: 'login_init',
  game: null,
  signUp: NO_SIGN_UP,
  resetToken: null,
  ...over,
});

export const registrationFlow = (over: Partial<FlowOf<'registration'>> = {}): FlowOf<'registration'> => ({
  flow: 'registration',
  step: 'registration_init',
  game: null,
  signUp: { ...NO_SIGN_UP, email: 'pilot@example.com' },
  ...over,
});
