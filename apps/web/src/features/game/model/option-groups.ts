import { OPTION_GROUPS, type OptionGroup } from '@wallet/contract/game';

/** The groups (the board's tabs) the options fall in, in the board's order. */
export const groupsOf = (options: readonly { group: string }[]): OptionGroup[] => OPTION_GROUPS.filter((group) => options.some((option) => option.group === group));

/** The tab shown: the one chosen when the options have it, else the first. */
export function shownGroup(options: readonly { group: string }[], chosen: OptionGroup | undefined): OptionGroup {
  const groups = groupsOf(options);
  return chosen !== undefined && groups.includes(chosen) ? chosen : (groups[0] ?? 'basic');
}
