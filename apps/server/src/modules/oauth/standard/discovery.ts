// The discovery document (OpenID Connect Discovery 1.0, RFC 8414): what a game's OAuth library
// reads to find the endpoints and what they support.
import { ID_TOKEN_ALG } from '../signing-keys.ts';
import { SUPPORTED_SCOPES } from '../id-tokens.ts';

export const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

export function discoveryDocument(issuer: string) {
  return {
    issuer,
    authorization_endpoint: `${issuer}/oauth2/authorize`,
    token_endpoint: `${issuer}/oauth2/token`,
    device_authorization_endpoint: `${issuer}/oauth2/device_authorization`,
    userinfo_endpoint: `${issuer}/oauth2/userinfo`,
    jwks_uri: `${issuer}/oauth2/jwks`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token', DEVICE_GRANT],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: [ID_TOKEN_ALG],
    scopes_supported: [...SUPPORTED_SCOPES],
    claims_supported: [
      'sub',
      'iss',
      'aud',
      'exp',
      'iat',
      'nonce',
      'at_hash',
      'preferred_username',
      'name',
      'locale',
      'email',
      'email_verified',
    ],
    prompt_values_supported: ['none', 'login', 'consent'],
    // RFC 9207: every answer of the authorization endpoint, success or error, names the issuer.
    authorization_response_iss_parameter_supported: true,
    // The sign-in is the browser's (tokens, not cookies): no session or logout endpoints to offer.
    claims_parameter_supported: false,
    request_parameter_supported: false,
    request_uri_parameter_supported: false,
  };
}
