// Debug mode only: which environment the portal talks to, and a switch to another one.
import { useId } from 'react';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { chooseEnvironment } from '../../lib/environment.ts';
import { useServices } from '../../lib/services.tsx';

export function DebugBar() {
  const { t } = useTranslation();
  const { debug, environment, settings } = useServices();
  const id = useId();
  const labelId = useId();
  if (!debug) return null;
  return (
    <div
      className="debug-bar"
      role="region"
      aria-labelledby={labelId}
      style={{ borderBlockEndColor: environment.color }}
    >
      <span className="debug-dot" style={{ background: environment.color }} aria-hidden="true" />
      <span id={labelId}>{t('debug.environment', { name: environment.name })}</span>
      <label htmlFor={id}>{t('debug.switch')}</label>
      <select
        id={id}
        value={environment.name}
        onChange={(event) => {
          chooseEnvironment(event.target.value);
          window.location.reload();
        }}
      >
        {(settings.environments ?? []).map((env) => (
          <option key={env.name} value={env.name}>
            {env.name}
          </option>
        ))}
      </select>
    </div>
  );
}
