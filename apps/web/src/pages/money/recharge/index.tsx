import { ComingSoon } from '../../../components/coming-soon';

export default function RechargePage() {
  return <ComingSoon />;
}
