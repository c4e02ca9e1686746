import type { OptionGroup } from '@wallet/contract/game';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DiceFace } from './dice-face';
import { optionFaces } from '../model/option-faces';
import { groupsOf, shownGroup } from '../model/option-groups';
import { optionLabel } from '../model/option-label';
import { returnToPlayerRange } from '../model/return-to-player';
import { ScrollTabs } from '../../../components/scroll-tabs';

/** An option as the board shows it; odds and return to player come with a project, not before logging in. */
export interface BoardOption {
  code: string;
  group: string;
  odds?: string;
  returnToPlayer?: string;
}

interface Props {
  options: readonly BoardOption[];
  selected: readonly string[];
  onToggle: (code: string) => void;
  /** The tab shown, when the page needs to know it (a random pick draws from it); else the board keeps it. */
  group?: OptionGroup;
  onGroupChange?: (group: OptionGroup) => void;
}

function GroupTabLabel({ group, count }: { group: OptionGroup; count: number }) {
  const { t } = useTranslation();
  return (
    <>
      {t(`game.groups.${group}`)}
      {count > 0 && (
        <span className="app-tab-count" data-testid="group-selected-count">
          {count}
        </span>
      )}
    </>
  );
}

function OptionButton({ option, chosen, onToggle }: { option: BoardOption; chosen: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const faces = optionFaces(option.code);
  return (
    <button type="button" className="app-option" aria-pressed={chosen} onClick={onToggle} data-testid="option" data-code={option.code}>
      {faces && (
        <span className="app-option-faces" aria-hidden="true">
          {faces.map((face, index) => (
            <DiceFace key={index} value={face} />
          ))}
        </span>
      )}
      <span className="app-option-name">{optionLabel(option.code, t)}</span>
      {option.odds && (
        <span className="app-option-odds" title={t('game.oddsOf', { odds: option.odds })}>
          <bdi dir="ltr">×{option.odds}</bdi>
        </span>
      )}
    </button>
  );
}

/** The options in their groups, one group at a time, each with its odds; the rule of the group and its return to player under it. */
export function OptionBoard({ options, selected, onToggle, group: chosen, onGroupChange }: Props) {
  const { t, i18n } = useTranslation();
  const groups = groupsOf(options);
  const [ownGroup, setOwnGroup] = useState<OptionGroup>();
  const group = shownGroup(options, chosen ?? ownGroup);
  const setGroup = onGroupChange ?? setOwnGroup;
  const shown = options.filter((option) => option.group === group);
  const selectedIn = (g: OptionGroup) => options.filter((option) => option.group === g && selected.includes(option.code)).length;
  const returns = returnToPlayerRange(
    shown.flatMap((option) => option.returnToPlayer ?? []),
    i18n.language,
  );

  return (
    <section className="app-game-card app-option-board" aria-label={t('game.optionGroups')}>
      <ScrollTabs
        tabs={groups.map((g) => ({ key: g, label: <GroupTabLabel group={g} count={selectedIn(g)} /> }))}
        active={group}
        onChange={setGroup}
        label={t('game.optionGroups')}
        className="app-option-groups"
        testId="group-tabs"
        tabTestIdPrefix="group-tab"
      />
      <p className="app-option-rule" data-testid="group-rule">
        {t(`gamePages.groupRules.${group}`)}
      </p>
      <div className={`app-options app-options-${group}`} role="group" aria-label={t(`game.groups.${group}`)} data-testid="options">
        {shown.map((option) => (
          <OptionButton key={option.code} option={option} chosen={selected.includes(option.code)} onToggle={() => onToggle(option.code)} />
        ))}
      </div>
      {returns && (
        <p className="app-option-rtp" data-testid="return-to-player">
          {returns.from === returns.to ? t('game.returnToPlayer', { percent: returns.from }) : t('game.returnToPlayerRange', returns)}
        </p>
      )}
    </section>
  );
}
