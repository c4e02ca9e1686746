import { ComingSoon } from '../../../components/coming-soon';

export default function PasswordPage() {
  return <ComingSoon />;
}
