import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';

/** Webviews load only from media/ (the bundles, vscode-elements and codicons are built into media/dist/). */
export function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions & vscode.WebviewPanelOptions {
  return {
    enableScripts: true,
    localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'media')],
    retainContextWhenHidden: false,
  };
}

export function contentSecurityPolicy(webview: vscode.Webview, nonce: string): string {
  return [
    `default-src 'none'`,
    `script-src 'nonce-${nonce}'`,
    `style-src ${webview.cspSource} 'nonce-${nonce}'`,
    `img-src ${webview.cspSource} https: data:`,
    `font-src ${webview.cspSource}`,
  ].join('; ');
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * The page every Teahouse webview loads: a fresh nonce per load, no inline script or handler, the
 * entry script (`media/dist/<entry>.js`) and vscode-elements as modules. Content comes by message.
 */
export function webviewHtml(
  webview: vscode.Webview,
  extensionUri: vscode.Uri,
  entry: string,
  title: string,
): string {
  const nonce = randomBytes(18).toString('base64');
  const media = (...parts: string[]) =>
    webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'media', ...parts));
  return `<!DOCTYPE html>
<html lang="${escapeAttribute(vscode.env.language)}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(contentSecurityPolicy(webview, nonce))}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeAttribute(title)}</title>
<link rel="stylesheet" nonce="${nonce}" href="${String(media('dist', 'codicon.css'))}" id="vscode-codicon-stylesheet">
<link rel="stylesheet" nonce="${nonce}" href="${String(media('webview.css'))}">
<script type="module" nonce="${nonce}" src="${String(media('dist', 'vscode-elements.js'))}"></script>
<script nonce="${nonce}" src="${String(media('dist', `${entry}.js`))}" defer></script>
</head>
<body data-l10n="${escapeAttribute(JSON.stringify(vscode.l10n.bundle ?? {}))}"><main id="root" aria-busy="true"></main></body>
</html>`;
}
