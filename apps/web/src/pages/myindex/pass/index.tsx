import { ComingSoon } from '../../../components/coming-soon';

export default function PassPage() {
  return <ComingSoon />;
}
