import { EventEmitter } from 'node:events';
import type { Page } from '@playwright/test';

/** A page that emits request events and whose goto the harness calls (movesOf wraps it). */
export function fakePage(): Page & EventEmitter {
  const page = new EventEmitter() as unknown as Page & EventEmitter & Record<string, unknown>;
  for (const name of ['goto', 'goBack', 'goForward', 'reload', 'setContent', 'close']) page[name] = async () => null;
  (page as unknown as { mainFrame(): unknown }).mainFrame = () => ({});
  return page;
}
