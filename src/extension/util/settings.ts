import * as vscode from 'vscode';
import type { ProxyOption } from '../../api/client';

/** How the client reaches remote servers, from the `teahouse.*` settings (and `http.proxy` as a fallback). */
export interface ConnectionSettings {
  readonly caFile: string | undefined;
  readonly ignoreCertificateErrors: boolean;
  readonly proxy: ProxyOption;
}

export function connectionSettings(): ConnectionSettings {
  const teahouse = vscode.workspace.getConfiguration('teahouse');
  const caFile = teahouse.get<string>('caFile')?.trim();
  const proxyUrl =
    teahouse.get<string>('proxy')?.trim() ||
    vscode.workspace.getConfiguration('http').get<string>('proxy')?.trim();
  return {
    caFile: caFile ? caFile : undefined,
    ignoreCertificateErrors: teahouse.get<boolean>('ignoreCertificateErrors') ?? false,
    proxy: proxyUrl ? { url: proxyUrl } : 'environment',
  };
}

/** Settings whose change means every client must be made again. */
export function affectsConnection(event: vscode.ConfigurationChangeEvent): boolean {
  return (
    event.affectsConfiguration('teahouse.caFile') ||
    event.affectsConfiguration('teahouse.ignoreCertificateErrors') ||
    event.affectsConfiguration('teahouse.proxy') ||
    event.affectsConfiguration('http.proxy')
  );
}

export function localServerAutoStart(): boolean {
  return vscode.workspace.getConfiguration('teahouse.localServer').get<boolean>('autoStart') ?? false;
}

/** `teahouse.localServer.allowedHosts`: extra `--allowed-hosts` entries of the local server. */
export function localServerAllowedHostsSetting(): string[] {
  const value = vscode.workspace.getConfiguration('teahouse.localServer').get<unknown>('allowedHosts');
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}

/** `teahouse.localServer.keepRunning`: the shared server outlives the last window. */
export function localServerKeepRunning(): boolean {
  return vscode.workspace.getConfiguration('teahouse.localServer').get<boolean>('keepRunning') ?? false;
}

/** `teahouse.localServer.nodePath`: the Node.js to run the local server with, when set. */
export function localServerNodePath(): string | undefined {
  const value = vscode.workspace.getConfiguration('teahouse.localServer').get<string>('nodePath')?.trim();
  return value ? value : undefined;
}
