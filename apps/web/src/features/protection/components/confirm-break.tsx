interface BreakConfirmation {
  title: string;
  content: string;
  confirmText: string;
  cancelText: string;
}

/** Asks before a break that nothing can shorten: the confirm button in red, a row of its own above the way out, and nothing happens unless it is pressed. */
export async function confirmBreak({ title, content, confirmText, cancelText }: BreakConfirmation): Promise<boolean> {
  // The dialog (and its animation library) is only downloaded when someone asks for a break.
  const { default: Dialog } = await import('antd-mobile/es/components/dialog');
  return new Promise((resolve) => {
    Dialog.show({
      title,
      content: <p className="app-break-confirm">{content}</p>,
      closeOnAction: true,
      actions: [
        { key: 'confirm', text: confirmText, bold: true, danger: true },
        { key: 'cancel', text: cancelText },
      ],
      onAction: (action) => resolve(action.key === 'confirm'),
      onClose: () => resolve(false),
    });
  });
}
