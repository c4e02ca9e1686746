import '../styles/toggle-switch.css';

interface Props {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  'aria-label': string;
  'data-testid'?: string;
}

/**
 * An on/off switch: a button with the switch role, as WAI-ARIA describes it. The library's switch brings its
 * gesture and animation code into the page, a kilobyte of a sheet's download for a knob that slides.
 */
export function ToggleSwitch({ checked, onChange, disabled = false, ...rest }: Props) {
  return <button type="button" role="switch" aria-checked={checked} disabled={disabled} className="app-switch" onClick={() => onChange(!checked)} {...rest} />;
}
