import type { Brand, InstanceSettings } from '@atrium/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { createStore } from '../state/store';
import { BootDataElementId, readBootData, seedBootData } from './boot-data';
import { brandApi } from './brand.api';
import { chatAgentOf } from './first-screen';
import { instanceApi } from './instance.api';

const settings = { name: 'Campus AI', defaults: { defaultBrandKey: 'campus' } } as unknown as InstanceSettings;
const brand = { brandKey: 'campus', name: 'Campus </script>' } as unknown as Brand;

/** The block as the server writes it: markup characters as JSON escapes. */
function putBlock(json: string) {
  const el = document.createElement('script');
  el.type = 'application/json';
  el.id = BootDataElementId;
  el.textContent = json;
  document.head.append(el);
}

afterEach(() => document.getElementById(BootDataElementId)?.remove());

describe('boot data from index.html', () => {
  it('reads the block and puts settings and brand into the cache before any request', () => {
    putBlock(JSON.stringify({ instanceSettings: settings, brand: { brandKey: 'campus', data: brand } }).replaceAll('<', '\\u003c'));
    const { store } = createStore();
    expect(seedBootData(store.dispatch)).toBe(true);
    expect(instanceApi.endpoints.getInstanceSettings.select()(store.getState()).data).toEqual(settings);
    expect(brandApi.endpoints.getBrand.select('campus')(store.getState()).data?.name).toBe('Campus </script>');
  });

  it('leaves out a brand other than the one the settings name, and reads nothing from a missing or broken block', () => {
    putBlock(JSON.stringify({ instanceSettings: settings, brand: { brandKey: 'default', data: brand } }));
    const { store } = createStore();
    seedBootData(store.dispatch);
    expect(brandApi.endpoints.getBrand.select('default')(store.getState()).data).toBeUndefined();
    document.getElementById(BootDataElementId)?.remove();
    expect(readBootData()).toBeNull();
    putBlock('{not json');
    expect(readBootData()).toBeNull();
  });

  it('finds the agent a chat address opens', () => {
    expect(chatAgentOf('/chat')).toBeNull();
    expect(chatAgentOf('/chat/agents')).toBeNull();
    expect(chatAgentOf('/chat/abc')).toBe('abc');
    expect(chatAgentOf('/chat/abc/conv-1')).toBe('abc');
    expect(chatAgentOf('/admin/agents')).toBeUndefined();
  });
});
