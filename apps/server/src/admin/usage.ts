// What the command line accepts, kept apart from the commands so that usage answers fast.
/** The commands, as `<area> <command>`. */
export const COMMANDS = [
  'games list',
  'games put',
  'clients list',
  'clients add',
  'clients update',
  'clients remove',
  'clients add-uri',
  'clients remove-uri',
  'terms publish',
  'platforms list',
  'platforms put',
  'betas put',
  'betas list',
  'betas codes',
  'betas campaign-codes',
  'betas stats',
  'twitch benefits',
  'mail queue',
  'mail retry',
  'audit',
  'sweep run',
  'accounts show',
  'accounts ban',
  'accounts unban',
  'accounts block',
  'accounts unblock',
  'accounts sign-out',
  'accounts flag',
  'accounts unflag',
  'operators list',
  'operators add',
  'operators reset',
] as const;

export const USAGE = `Usage: npm run admin -- <command>

  games list                                  the games, with how many OAuth clients each has
  games put <file.json>                       adds a game, or updates it, from a JSON file
                                              {slug, name, user_experience, mature_audience,
                                               flagged_account_oauth_enabled, featured,
                                               allow_consolidation}
  clients list [<game>]                       the OAuth clients (of one game) and their redirect URIs
  clients add <game> <client_id> [--name <name>] [--confidential] [--redirect-uri <uri>]...
             [--scopes "<scope> ..."] [--first-party]
                                              adds a client; a confidential one gets a secret, shown once;
                                              third-party unless --first-party (its players are asked to
                                              consent); may ask for every scope unless --scopes limits it
  clients update <client_id> [--name <name>] [--scopes "<scope> ..."] [--first-party|--third-party]
                                              changes a client's name, allowed scopes or party
  clients remove <client_id>
  clients add-uri <client_id> <uri>           allows one more redirect URI (matched exactly)
  clients remove-uri <client_id> <uri>
  terms publish <tos|privacy_policy>          publishes a new version: every account must consent again
  platforms list                              the configured platforms: protocol, offered or not, restriction
  platforms put <file.json>                   configures a platform from a JSON file {platform, protocol
                                              (oidc|oauth2|steam_openid|short_code), enabled, client_id,
                                              client_secret (stored sealed), issuer, endpoints, scope,
                                              restricted, relink_cooldown_days}; see README "Platforms"
  betas put <file.json>                       adds a playtest, or updates it by its key; see README
                                              "Playtests" {key, game, title, description, landing_page_text,
                                               assets, platforms (ps_4 ps_5 xbox_one xbox_series_xs
                                               pc_steam pc_epic), registration, redemption, speed_check,
                                               platform_survey, redemption_agreement (terms),
                                               license_messaging_text, referral_max_count, referral_degree,
                                               minimum_age}
  betas list                                  the playtests, their platforms and windows
  betas codes import <beta> <platform> <file> imports platform keys, one per line; every line is checked
                                              and nothing is imported when one is bad
  betas campaign-codes <beta> <count> [--type single|shared]
                                              makes campaign codes and prints them (single: one player
                                              each, the default; shared: any number of players)
  betas stats <beta>                          registered, redeemed, and keys left per platform
  twitch benefits put <file.json>             a Twitch drop benefit {benefit_id, game, beta, campaign {id,
                                              title}, cycle {id, start, end}}
  mail queue                                  mail waiting, retrying, given up and sent; the latest failures
  mail retry <id|all>                         queues given-up mail again (one, or all of it)
  audit <email|account id> [--limit <n>]      an account's security events, newest first (50 by default):
                                              sign-ins by method and device, failures, lockouts, password,
                                              address and two-factor changes, links, consolidation, deletion
  accounts show <email|id>                    an account's status, bans and blocks (open and past), flags,
                                              platform links and live sign-ins
  accounts ban <email|id> --reason <code> [--note <text>] [--until <ISO date>] [--game <slug>]
                                              bans the account (or its use of one game) until the date, or
                                              without end; ends its sign-ins. Reasons: cheating, exploiting,
                                              harassment, hate_speech, inappropriate_name, fraud, chargeback,
                                              account_trading, terms_violation. The note is shown to the player
  accounts unban <email|id> [--game <slug>]   lifts the ban in force (of the account, or of one game)
  accounts block <email|id> --reason <code> [--note <text>]
                                              puts the account on hold (not a punishment): every sign-in ends
                                              and is refused until unblocked; data and links are kept.
                                              Reasons: suspected_takeover, legal_hold, under_review
  accounts unblock <email|id>
  accounts sign-out <email|id>                ends every sign-in of the account, everywhere
  accounts flag <email|id>                    flags the registration: the player must verify the address
  accounts unflag <email|id>                  clears the flag
                                              Every accounts command but show takes [--why <text>] (the
                                              reason, for the audit trail) and [--by <name>] (the operator;
                                              the user running the command by default)
  operators list                              the operators of the console, their roles and state
  operators add <email> --role viewer|support|admin
                                              adds an operator of the console (/console) and prints their
                                              setup link (once; it works for 24 hours): there they choose a
                                              password and add an authenticator, which cannot be turned off
  operators reset <email>                     ends an operator's sessions and prints a new setup link (a lost
                                              authenticator); their password and authenticator stop working
  sweep run                                   deletes now what is over (what the servers do every
                                              SWEEP_INTERVAL_MS); prints the rows deleted per table
`;

export class UsageError extends Error {
  override name = 'UsageError';
}

/** Names of the errors whose message is for the operator (no stack trace). */
export const RegistryErrorName = new Set([
  'RegistryError',
  'PlatformConfigError',
  'BetaAdminError',
  'ModerationError',
  'OperatorAdminError',
]);
