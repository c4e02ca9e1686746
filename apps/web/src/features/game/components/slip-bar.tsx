import Button from 'antd-mobile/es/components/button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SlipCost } from '../model/bet-slip';
import { Money } from '../../../components/money-text';
import { PATHS } from '../../../navigation/paths';

interface Props {
  count: number;
  onClear: () => void;
  /** The quantity box; none before logging in, when the project's range is not known. */
  quantity?: ReactNode;
  cost?: SlipCost;
  balance?: string | undefined;
  action: { label: string; disabled: boolean; onClick: () => void };
  /** Shortcuts that fill the slip: a random pick, the last bet again. */
  tools?: ReactNode;
  /** Said above the slip when orders go into another period than the one shown (it is locked). */
  targetNote?: ReactNode;
}

/** The slip under the options, kept in view above the tab bar: what is chosen, for how much, and the button to order it. */
export function SlipBar({ count, onClear, quantity, cost, balance, action, tools, targetNote }: Props) {
  const { t } = useTranslation();
  return (
    <section className="app-slip" aria-label={t('gamePages.confirm.selections')} data-testid="slip">
      {targetNote && (
        <p className="app-slip-target" role="status" data-testid="slip-target">
          {targetNote}
        </p>
      )}
      {tools && <div className="app-slip-tools">{tools}</div>}
      <div className="app-slip-row">
        <span className="app-slip-count">
          <span data-testid="slip-count">{t('gamePages.slip.selected', { count })}</span>
          {count > 0 && (
            <button type="button" className="app-game-link" onClick={onClear} data-testid="slip-clear">
              {t('gamePages.slip.clear')}
            </button>
          )}
        </span>
        {quantity}
      </div>
      <div className="app-slip-row">
        {cost && (
          <dl className="app-slip-cost">
            <div>
              <dt>{t('gamePages.slip.total')}</dt>
              <dd>
                <Money value={cost.total} className="app-slip-total" testId="slip-total" />
              </dd>
            </div>
            {balance !== undefined && (
              <div className={cost.shortCents > 0 ? 'app-slip-short' : undefined}>
                <dt>
                  {cost.shortCents > 0 ? (
                    <Link to={PATHS.recharge} data-testid="slip-recharge">
                      {t('gamePages.slip.short')}
                    </Link>
                  ) : (
                    t('gamePages.slip.balance')
                  )}
                </dt>
                <dd>
                  <Money value={balance} testId="slip-balance" />
                </dd>
              </div>
            )}
          </dl>
        )}
        <Button color="primary" className="app-slip-order" disabled={action.disabled} onClick={action.onClick} data-testid="slip-order">
          {action.label}
        </Button>
      </div>
    </section>
  );
}
