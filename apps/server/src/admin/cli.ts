// The operators' command line: `npm run admin -- <command>` (README "Operating"). It works on the
// database the server is configured with (DATABASE_URL, or the embedded database in DATA_DIR,
// which the server must not have open at the same time). Usage and unknown commands answer before
// anything heavy loads.
import { COMMANDS, RegistryErrorName, USAGE, UsageError } from './usage.ts';

async function main(argv: string[]) {
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help') {
    process.stdout.write(USAGE);
    return;
  }
  const known = COMMANDS as readonly string[];
  if (!known.includes(`${argv[0]} ${argv[1]}`) && !known.includes(argv[0] ?? ''))
    throw new UsageError(`unknown command ${argv.join(' ')}`);
  const [{ loadConfig }, { openDatabase }, { migrate }, { composeOperations }, { runAdmin }] = await Promise.all([
    import('../config.ts'),
    import('../db/database.ts'),
    import('../db/migrate.ts'),
    import('../composition.ts'),
    import('./commands.ts'),
  ]);
  const config = loadConfig();
  const db = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await migrate(db);
    for (const line of await runAdmin(argv, composeOperations(db, config))) console.log(line);
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) {
    if (error.message) console.error(`error: ${error.message}\n`);
    process.stderr.write(USAGE);
    process.exit(2);
  }
  const known = error instanceof Error && (RegistryErrorName.has(error.name) || error.name === 'ConfigError');
  // A refusal of the portal's catalogue (account_already_banned...): its name and English message.
  const refusal =
    error instanceof Error && error.name === 'RequestError' ? (error as Error & { errorName: string }) : null;
  if (refusal) console.error(`error: ${refusal.errorName}: ${refusal.message}`);
  else console.error(known ? `error: ${(error as Error).message}` : error);
  process.exit(1);
});
