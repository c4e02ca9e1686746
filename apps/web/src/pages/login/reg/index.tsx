import { ComingSoon } from '../../../components/coming-soon';

export default function RegPage() {
  return <ComingSoon />;
}
