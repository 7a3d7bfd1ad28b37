import { ChoosePassword, ChoosePasswordSuccess, ResetPassword, ResetPasswordMessage } from './recovery-screens.tsx';

export default function Screens({ id }: { id: string }) {
  if (id === 'reset-password-message') return <ResetPasswordMessage />;
  if (id === 'choose-password') return <ChoosePassword />;
  if (id === 'choose-password-success') return <ChoosePasswordSuccess />;
  return <ResetPassword />;
}
