import * as vscode from 'vscode';

/** Warns when `teahouse.ignoreCertificateErrors` is (or becomes) on: it accepts any certificate. */
export function certificateWarning(): vscode.Disposable {
  const warn = () => {
    if (!vscode.workspace.getConfiguration('teahouse').get<boolean>('ignoreCertificateErrors')) return;
    void vscode.window.showWarningMessage(
      vscode.l10n.t(
        'Teahouse accepts any server certificate ("teahouse.ignoreCertificateErrors" is on): anyone on the network path can read your tokens. Prefer "teahouse.caFile" with your server\'s CA.',
      ),
    );
  };
  warn();
  return vscode.workspace.onDidChangeConfiguration((event) => {
    if (event.affectsConfiguration('teahouse.ignoreCertificateErrors')) warn();
  });
}
