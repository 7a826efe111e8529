import { h, routeLinks } from './dom';
import { serverHtml } from './serverHtml';
import { Channel } from './vscodeApi';

const channel = new Channel<{ source: string }>();
const root = document.getElementById('root') as HTMLElement;
const body = h('div', { class: 'markdown', id: 'preview' });
root.replaceChildren(body);
routeLinks(root, (href) => void channel.request('openLink', { href }));
channel.on('rendered', (message) => {
  body.replaceChildren(serverHtml(message.html));
  root.setAttribute('aria-busy', 'false');
  channel.state = { source: message.source };
});
void channel.request('load', {});
