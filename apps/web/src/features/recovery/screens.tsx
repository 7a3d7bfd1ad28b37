import type { ComponentType } from 'react';
import type { ScreenId } from '../../lib/router/route-table.ts';
import { ChoosePassword, ChoosePasswordSuccess, ResetPassword, ResetPasswordMessage } from './recovery-screens.tsx';

const SCREENS: Record<ScreenId<'recovery'>, ComponentType> = {
  'reset-password': ResetPassword,
  'reset-password-message': ResetPasswordMessage,
  'choose-password': ChoosePassword,
  'choose-password-success': ChoosePasswordSuccess,
};

export default function Screens({ id }: { id: ScreenId<'recovery'> }) {
  const Screen = SCREENS[id];
  return <Screen />;
}
