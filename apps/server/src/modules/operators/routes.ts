// The console's own calls (issue 33): operators signing in (with a setup link the first time),
// the signed-in operator, the operators an admin manages, and the operators' audit.
import { consoleCalls, CONSOLE_PAGE_SIZE } from '@portal/contract/calls/console';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../deps.ts';
import { registerCall } from '../../http/register-call.ts';
import { OPERATOR_LOCK_FAILURES } from './service.ts';
import type { OperatorAuditRow, OperatorRow, OperatorSignIn, OperatorsService } from './service.ts';

export function operatorView(row: OperatorRow) {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    disabled: row.disabledAt !== null,
    set_up: row.passwordHash !== null && row.totpSecret !== null,
    locked: row.failedSignIns >= OPERATOR_LOCK_FAILURES,
    created_at: row.createdAt,
    created_by: row.createdBy,
    last_sign_in_at: row.lastSignInAt,
  };
}

function signedInView(signIn: OperatorSignIn, operators: OperatorsService) {
  return {
    token: signIn.token,
    expires_at: signIn.expiresAt,
    idle_minutes: operators.idleMinutes,
    operator: operatorView(signIn.operator),
  };
}

function auditView(row: OperatorAuditRow) {
  return {
    id: row.id,
    at: row.at,
    operator_email: row.operatorEmail,
    action: row.action,
    target_kind: row.targetKind,
    target_id: row.targetId,
    why: row.why,
    before: row.before,
    after: row.after,
  };
}

export function registerOperators(app: FastifyInstance, { operators }: Pick<Services, 'operators'>) {
  registerCall(app, consoleCalls.signIn, async ({ body, request, reply }) => {
    reply.header('cache-control', 'no-store');
    return signedInView(await operators.signIn(body, request.ip), operators);
  });
  registerCall(app, consoleCalls.setupRead, async ({ params }) => {
    const info = await operators.setupInfo(params.token);
    return {
      email: info.email,
      role: info.role,
      totp_secret: info.totpSecret,
      otpauth_uri: info.otpauthUri,
      expires_at: info.expiresAt,
    };
  });
  registerCall(app, consoleCalls.setup, async ({ body, request }) =>
    signedInView(await operators.completeSetup(body, request.ip), operators),
  );
  registerCall(app, consoleCalls.me, async ({ operator }) => operatorView(operator.operator));
  registerCall(app, consoleCalls.signOut, async ({ operator }) => {
    await operators.signOut(operator);
    return {};
  });
  registerCall(app, consoleCalls.operators, async () => ({ operators: (await operators.list()).map(operatorView) }));
  registerCall(app, consoleCalls.addOperator, async ({ body, operator }) => {
    const added = await operators.add(
      { email: body.email, role: body.role },
      { operator: operator.operator, why: body.why },
    );
    return {
      operator: operatorView(added.operator),
      setup_url: added.setupUrl,
      setup_expires_at: added.setupExpiresAt,
    };
  });
  registerCall(app, consoleCalls.updateOperator, async ({ params, body, operator }) =>
    operatorView(
      await operators.update(
        params.id,
        { role: body.role, disabled: body.disabled },
        { operator: operator.operator, why: body.why },
      ),
    ),
  );
  registerCall(app, consoleCalls.resetOperatorSetup, async ({ params, body, operator }) => {
    const reset = await operators.resetSetup(params.id, { operator: operator.operator, why: body.why });
    return { setup_url: reset.setupUrl, setup_expires_at: reset.setupExpiresAt };
  });
  registerCall(app, consoleCalls.audit, async ({ query }) => {
    const { rows, hasMore } = await operators.auditPage(query.page, CONSOLE_PAGE_SIZE, query.target);
    return { entries: rows.map(auditView), page: query.page, has_more: hasMore };
  });
}
