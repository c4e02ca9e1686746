import i18n from 'i18next';
import { showToast } from './toast';

/** The old way, for browsers without the clipboard API or pages served over plain HTTP. */
function copyWithSelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.className = 'app-copy-buffer';
  document.body.append(area);
  area.select();
  area.setSelectionRange(0, text.length);
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

export async function copyText(text: string): Promise<boolean> {
  if (navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // permission refused: try the old way
    }
  }
  return copyWithSelection(text);
}

/** Copies and says so ("copied"), or asks the user to copy by hand. */
export async function copyAndTell(text: string): Promise<void> {
  showToast(i18n.t((await copyText(text)) ? 'mine.copied' : 'mine.copyFailed'));
}
