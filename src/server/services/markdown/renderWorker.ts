import { parentPort } from 'node:worker_threads';
import type { RenderRequest, WorkerMessage } from './renderPool';
import { renderMarkdown } from './renderMarkdown';

const port = parentPort;
if (!port) throw new Error('renderWorker runs as a worker thread of the markdown render pool');

port.on('message', (request: RenderRequest) => {
  let failure: unknown;
  const html = renderMarkdown(request.text, {
    ...request.options,
    onError: (error) => (failure = error),
  });
  // Errors cross to the main thread with their stack; anything else might not be cloneable.
  const reply: WorkerMessage =
    failure === undefined
      ? { kind: 'rendered', html }
      : { kind: 'rendered', html, failure: failure instanceof Error ? failure : String(failure) };
  port.postMessage(reply);
});

// Loading the renderer is not rendering: the pool starts a render's time limit once this arrives.
port.postMessage({ kind: 'ready' } satisfies WorkerMessage);
