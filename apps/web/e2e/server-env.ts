// The settings every browser test's portal server runs with: the suite's server (playwright.config.ts)
// and the servers a spec starts with settings of its own (peers/portal-server.ts).
export function testServerEnv(port: number, dataDir: string): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    DATABASE_URL: '',
    RATE_LIMIT_PER_MINUTE: '10000',
    SIGN_IN_PER_MINUTE: '1000',
    // Every test mails codes from 127.0.0.1: far more than a person asks for in an hour.
    CODE_MAILS_PER_CLIENT_HOUR: '100000',
    // Every test registers from 127.0.0.1: the per-address and per-visitor risk windows (issue 30)
    // would flag all but the first few accounts; the rules have tests of their own.
    RISK_REGISTRATIONS_PER_ADDRESS: '0',
    RISK_REGISTRATIONS_PER_VISITOR: '0',
    SOFT_LOCK_THRESHOLD: '3',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // Devices in the tests (examples/game-cli) poll every second instead of every five.
    DEVICE_POLL_INTERVAL_SECONDS: '1',
  };
}
