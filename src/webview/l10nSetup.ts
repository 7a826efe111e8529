import * as l10n from '@vscode/l10n';

// The extension writes VS Code's bundle for the display language (vscode.l10n.bundle) into the page; the
// entry modules import this first, so every l10n.t below runs after it. No bundle (English): t() keeps
// the message.
const bundle = document.body.dataset.l10n;
if (bundle) l10n.config({ contents: bundle });
