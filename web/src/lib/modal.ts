import type { App } from 'antd';

type ModalApi = ReturnType<typeof App.useApp>['modal'];
let modalApi: ModalApi | null = null;

/**
 * antd's App-scoped modal API (themed, context-aware), bound by the app's providers. Kept here, type-only,
 * so the storefront's first chunk gains nothing from the control centre's confirmations.
 */
export function bindModalApi(api: ModalApi | null): void {
  modalApi = api;
}

export const boundModalApi = (): ModalApi | null => modalApi;
