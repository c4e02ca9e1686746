import { OPTION_RULES } from '@wallet/contract/game';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_SELECTIONS, toggleOption } from '../model/bet-slip';
import { SignInPrompt, useLogInAndReturn } from '../../../components/sign-in-prompt';
import { showToast } from '../../../components/toast';
import { OptionBoard } from './option-board';
import { SlipBar } from './slip-bar';

/** Every option of the game, without a project's odds: those come with a session. */
const OPTIONS = OPTION_RULES.map(({ code, group }) => ({ code, group }));

/** The game before logging in: the options to look at and choose, and ordering that leads to the login page and back. */
export function SignedOutGame() {
  const { t } = useTranslation();
  const logIn = useLogInAndReturn();
  const [slip, setSlip] = useState({ options: [] as readonly string[], quantity: 1 });
  const toggle = (code: string) => {
    const next = toggleOption(slip, code);
    if (next.full) showToast(t('gamePages.slip.full', { max: MAX_SELECTIONS }));
    setSlip(next.slip);
  };
  return (
    <div className="app-game-page">
      <SignInPrompt title={t('game.signedOut.title')} hint={t('game.signedOut.hint')} card />
      <OptionBoard options={OPTIONS} selected={slip.options} onToggle={toggle} />
      <SlipBar
        count={slip.options.length}
        onClear={() => setSlip({ ...slip, options: [] })}
        action={{ label: t('gamePages.slip.logIn'), disabled: false, onClick: logIn }}
      />
    </div>
  );
}
