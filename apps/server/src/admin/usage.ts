// What the command line accepts, kept apart from the commands so that usage answers fast.
/** The commands, as `<area> <command>`. */
export const COMMANDS = [
  'games list',
  'games put',
  'clients list',
  'clients add',
  'clients remove',
  'clients add-uri',
  'clients remove-uri',
  'terms publish',
  'platforms list',
  'platforms put',
] as const;

export const USAGE = `Usage: npm run admin -- <command>

  games list                                  the games, with how many OAuth clients each has
  games put <file.json>                       adds a game, or updates it, from a JSON file
                                              {slug, name, user_experience, mature_audience,
                                               flagged_account_oauth_enabled, featured,
                                               allow_consolidation}
  clients list [<game>]                       the OAuth clients (of one game) and their redirect URIs
  clients add <game> <client_id> [--name <name>] [--confidential] [--redirect-uri <uri>]...
                                              adds a client; a confidential one gets a secret, shown once
  clients remove <client_id>
  clients add-uri <client_id> <uri>           allows one more redirect URI (matched exactly)
  clients remove-uri <client_id> <uri>
  terms publish <tos|privacy_policy>          publishes a new version: every account must consent again
  platforms list                              the configured platforms: protocol, offered or not, restriction
  platforms put <file.json>                   configures a platform from a JSON file {platform, protocol
                                              (oidc|oauth2|steam_openid|short_code), enabled, client_id,
                                              client_secret (stored sealed), issuer, endpoints, scope,
                                              restricted, relink_cooldown_days}; see README "Platforms"
`;

export class UsageError extends Error {
  override name = 'UsageError';
}

/** Names of the errors whose message is for the operator (no stack trace). */
export const RegistryErrorName = new Set(['RegistryError', 'PlatformConfigError']);
