import { ComingSoon } from '../../../components/coming-soon';

export default function AssetsPage() {
  return <ComingSoon />;
}
