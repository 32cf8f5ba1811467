import { MESSAGES } from '@shop/shared';
import { type App, type ButtonProps, Modal } from 'antd';
import type { ReactNode } from 'react';

type ModalApi = ReturnType<typeof App.useApp>['modal'];
let modalApi: ModalApi | null = null;

/** The control centre binds antd's App-scoped modal API (themed) on mount; the static API is a fallback. */
export function bindModalApi(api: ModalApi | null): void {
  modalApi = api;
}

// antd's ButtonProps type has no data-* attributes, though they reach the DOM.
const testId = (id: string) => ({ 'data-testid': id }) as ButtonProps;

export interface ConfirmOptions {
  /** Defaults to SPEC §8's "Warning". */
  title?: ReactNode;
  /** Defaults to SPEC §8's delete warning and question. */
  content?: ReactNode;
  /** Text of the action button, e.g. "Delete" or "Complete Order". */
  okText: string;
  /** Text of the button that changes nothing; SPEC §8's "Cancel" by default. */
  cancelText?: string;
  danger?: boolean;
}

/**
 * SPEC §8 "Confirmation dialog default": Warning; the irreversible-delete text; "Are you sure you want to
 * continue?"; Cancel and an action button. Resolves true only when the action button was pressed.
 */
export function confirmAction({
  title,
  content,
  okText,
  cancelText,
  danger = false,
}: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    (modalApi ?? Modal).confirm({
      title: title ?? MESSAGES.confirm.title,
      content: content ?? `${MESSAGES.confirm.content}. ${MESSAGES.confirm.question}`,
      okText,
      cancelText: cancelText ?? MESSAGES.confirm.cancel,
      okButtonProps: { danger, ...testId('confirm-ok') },
      cancelButtonProps: testId('confirm-cancel'),
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
