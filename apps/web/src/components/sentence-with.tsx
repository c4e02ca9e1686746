import { useTranslation } from 'react-i18next';

const SLOT = '\u0000';

interface Props {
  i18nKey: string;
  /** The placeholder's name in the text: `channel` for "Pay to: {{channel}}". */
  name: string;
  /** What someone typed (an operator's channel name, opening hours). */
  value: string;
}

/** A translated sentence around typed text, which keeps its own direction inside it (in Arabic, an English name's full stop stays at its end). */
export function SentenceWith({ i18nKey, name, value }: Props) {
  const { t } = useTranslation();
  const [before = '', after = ''] = t(i18nKey, { [name]: SLOT }).split(SLOT);
  return (
    <>
      {before}
      <bdi>{value}</bdi>
      {after}
    </>
  );
}
