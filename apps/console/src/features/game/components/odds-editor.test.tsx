import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderAs } from '../../../testing/render';
import { OddsEditor } from './odds-editor';

function EditedOdds() {
  const [odds, setOdds] = useState<Record<string, string>>({ big: '1.95', small: '1.95' });
  return <OddsEditor value={odds} onChange={setOdds} />;
}

describe('the odds editor', () => {
  it('recomputes the return to player at every keystroke, by the contract rule', async () => {
    renderAs('admin', <EditedOdds />);
    const big = screen.getByLabelText('Odds of Big');
    expect(screen.getByTestId('rtp-big').textContent).toBe('94.79%');

    await userEvent.clear(big);
    await userEvent.type(big, '2');
    expect(screen.getByTestId('rtp-big').textContent).toBe('97.22%');

    await userEvent.type(big, '.1');
    expect(screen.getByTestId('rtp-big').textContent).toBe('102.08%');
    expect(screen.getByTestId('rtp-big').className).toContain('danger');
    expect(screen.getByTestId('rtp-small').textContent).toBe('94.79%');
  });

  it('says when what is typed is not odds', async () => {
    renderAs('admin', <EditedOdds />);
    const big = screen.getByLabelText('Odds of Big');
    await userEvent.clear(big);
    await userEvent.type(big, '1.955');
    expect(screen.queryByTestId('rtp-big')).toBeNull();
    expect(screen.getAllByText('Not valid odds').length).toBeGreaterThan(0);
  });
});
